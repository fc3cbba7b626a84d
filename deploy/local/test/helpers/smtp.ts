import net from 'node:net';

/** Sends one plain-text message over SMTP, the way a service's mailer would (no TLS, no auth). */
export async function sendMail(smtpUrl: string, message: { from: string; to: string; subject: string; text: string }): Promise<void> {
  const url = new URL(smtpUrl);
  const socket = net.connect({ host: url.hostname, port: Number(url.port || 25) });
  socket.setEncoding('utf8');
  let buffer = '';
  const waiters: Array<(line: string) => void> = [];
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    // A reply is complete on a line "NNN text" (a dash after the code means more lines follow).
    for (;;) {
      const match = /^(\d{3}) .*\r\n/m.exec(buffer);
      if (!match) break;
      buffer = buffer.slice(match.index + match[0].length);
      waiters.shift()?.(match[0]);
    }
  });
  const reply = (expect: string) =>
    new Promise<void>((resolve, reject) => {
      waiters.push((line) => (line.startsWith(expect) ? resolve() : reject(new Error(`SMTP: expected ${expect}, got ${line.trim()}`))));
    });
  const send = async (line: string, expect: string) => {
    const answered = reply(expect);
    socket.write(`${line}\r\n`);
    await answered;
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  await reply('220');
  await send('EHLO lectern.test', '250');
  await send(`MAIL FROM:<${message.from}>`, '250');
  await send(`RCPT TO:<${message.to}>`, '250');
  await send('DATA', '354');
  const body = [`From: <${message.from}>`, `To: <${message.to}>`, `Subject: ${message.subject}`, 'Content-Type: text/plain; charset=utf-8', '', message.text, '.'].join('\r\n');
  await send(body, '250');
  await send('QUIT', '221');
  socket.end();
}
