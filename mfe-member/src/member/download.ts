// Downloads a file the API serves to signed-in readers (the outline PDF) as a real file save.
import { refreshSession, sessionStore } from '@lectern/shell-kit';

async function fetchWithSession(path: string): Promise<Response> {
  const send = () => fetch(path, { headers: { authorization: `Bearer ${sessionStore.getState().accessToken ?? ''}` }, credentials: 'same-origin' });
  let response = await send();
  if (response.status === 401 && (await refreshSession()) === 'refreshed') response = await send();
  return response;
}

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetchWithSession(path);
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
