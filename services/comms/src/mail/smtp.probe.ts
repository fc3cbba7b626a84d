// "Send test e-mail": a real SMTP conversation with the settings as typed (connect, greeting,
// STARTTLS when offered, AUTH, one message), and a sentence a church administrator understands when
// it fails. Nothing is stored; the password never appears in a message or a log line.
import nodemailer from 'nodemailer';

export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  fromName: string;
  fromEmail: string;
}

export type ProbeResult = { ok: true; response: string } | { ok: false; message: string };

export async function sendTestEmail(settings: SmtpSettings, to: string, content: { subject: string; text: string; html: string }, timeoutMs: number): Promise<ProbeResult> {
  const transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.port === 465,
    auth: { user: settings.user, pass: settings.password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    logger: false,
    debug: false,
  });
  try {
    const info = await transporter.sendMail({ from: { name: settings.fromName, address: settings.fromEmail }, to, ...content });
    return { ok: true, response: String(info.response ?? '') };
  } catch (error) {
    return { ok: false, message: explainSmtpError(error, settings) };
  } finally {
    transporter.close();
  }
}

export function explainSmtpError(error: unknown, settings: Pick<SmtpSettings, 'host' | 'port'>): string {
  const e = error as { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const where = `${settings.host}:${settings.port}`;
  const answer = typeof e.response === 'string' ? ` The server answered: ${e.response.slice(0, 200)}` : '';
  if (code === 'EAUTH' || e.responseCode === 535) return `The SMTP server refused the user name or password.${answer}`;
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(String(e.message))) return `The SMTP server ${settings.host} could not be found. Check the server name.`;
  if (/ECONNREFUSED/.test(String(e.message))) return `Nothing answered at ${where}. Check the server name and port.`;
  if (code === 'ETIMEDOUT' || /timeout/i.test(String(e.message))) return `The SMTP server at ${where} did not answer in time. Check the server name and port.`;
  if (code === 'ETLS' || /certificate|TLS|SSL/i.test(String(e.message))) return `A secure connection to ${where} could not be made.`;
  if (code === 'EENVELOPE') return `The SMTP server refused the sender or recipient address.${answer}`;
  return `The test e-mail could not be sent through ${where}.${answer}`;
}
