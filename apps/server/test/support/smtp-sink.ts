import { createServer, type Server, type Socket } from 'node:net';

export type ReceivedMail = { from: string; to: string[]; data: string };

export type SmtpSink = {
  url: string;
  received: ReceivedMail[];
  /** Connections so far: one per attempt, since nodemailer opens one per message. */
  connections: () => number;
  close: () => Promise<void>;
};

/**
 * A local SMTP server that speaks just enough of RFC 5321 for nodemailer: it keeps what it
 * receives, or (`reject`) answers every recipient with a permanent error. On `port` (a sink
 * stopped and started again, as a mail server that was down), else on a port the OS chooses.
 * `acceptAfterMs`: a slow mail server, which keeps each message and says so only that much later.
 */
export async function startSmtpSink({
  reject = false,
  port = 0,
  acceptAfterMs = 0,
}: { reject?: boolean; port?: number; acceptAfterMs?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A client that dies mid-conversation (a server killed by a drill) resets the connection.
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            if (acceptAfterMs > 0) setTimeout(() => reply('250 2.0.0 queued'), acceptAfterMs);
            else reply('250 2.0.0 queued');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
        } else {
          const command = line.slice(0, 4).toUpperCase();
          if (command === 'EHLO' || command === 'HELO') reply('250 sink.test');
          else if (command === 'MAIL') {
            current.from = line.slice(10).trim();
            reply('250 2.1.0 ok');
          } else if (command === 'RCPT') {
            if (reject) reply('550 5.1.1 mailbox unavailable');
            else {
              current.to.push(line.slice(8).trim());
              reply('250 2.1.5 ok');
            }
          } else if (command === 'DATA') {
            inData = true;
            reply('354 end with <CRLF>.<CRLF>');
          } else if (command === 'RSET' || command === 'NOOP') reply('250 ok');
          else if (command === 'QUIT') {
            reply('221 bye');
            socket.end();
          } else reply('502 5.5.2 command not implemented');
        }
        end = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('SMTP sink has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
