/** Status code of a GET, or undefined when nothing answers. */
export async function httpStatus(url: string, headers: Record<string, string> = {}, timeoutMs = 2000): Promise<number | undefined> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}
