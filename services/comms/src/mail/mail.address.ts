// MAIL_FROM is `Display Name <address>` (or a bare address); the display name doubles as the
// product name in the e-mails' wording.
export interface MailFrom {
  name: string;
  address: string;
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

export function parseMailFrom(value: string, fallbackName = 'Lectern'): MailFrom | undefined {
  const trimmed = value.trim();
  const named = /^"?([^"<>]*?)"?\s*<([^<>]+)>$/.exec(trimmed);
  if (named) {
    const address = named[2]!.trim();
    if (!ADDRESS.test(address)) return undefined;
    return { name: named[1]!.trim() || fallbackName, address };
  }
  return ADDRESS.test(trimmed) ? { name: fallbackName, address: trimmed } : undefined;
}
