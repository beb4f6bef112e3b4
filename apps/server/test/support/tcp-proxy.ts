import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  /** `url` with its host and port changed to the proxy's. */
  urlThrough: (url: string) => string;
  /** Cuts every connection and refuses new ones, as a database server that went away. */
  cut: () => Promise<void>;
  /** Cuts every connection, then takes new ones but passes nothing on, as a server that does not answer. */
  silence: () => void;
  /** Takes and passes on connections again, on the same port. */
  open: () => Promise<void>;
  close: () => Promise<void>;
};

/** A TCP proxy on a port the OS chooses, between the app and a server at `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let silent = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    if (silent) return;
    const upstream = createConnection(target);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  await listen(0);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The proxy has no port');
  const { port } = address;
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    urlThrough: (url) => {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    cut: stop,
    silence: () => {
      silent = true;
      for (const socket of sockets) socket.destroy();
    },
    open: async () => {
      silent = false;
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}
