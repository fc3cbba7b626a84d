// A TCP proxy in front of a server (Postgres, Kafka, SMTP) for fault tests: it carries the bytes
// of each connection both ways, lets a test look at them on their way, drop them, cut the
// connection, or make every open connection fall silent as a network partition does (nothing is
// closed, nothing answers).
import net from 'node:net';

/** One proxied connection, as the hooks see it. */
export interface ProxyLink {
  /** Closes both sides at once (the client sees its connection reset, the server a hang-up). */
  cut(): void;
  /** Stops carrying bytes either way without closing anything. */
  silence(): void;
}

/** What to do with each chunk: return it (or another) to forward it, undefined to drop it. */
export interface LinkHooks {
  toServer?(chunk: Buffer): Buffer | undefined;
  toClient?(chunk: Buffer): Buffer | undefined;
}

export interface TcpProxy {
  /** The target's URL with the proxy's host and port (credentials, path and query kept). */
  readonly url: string;
  readonly port: number;
  /** Every connection open now falls silent; new ones are carried as before. */
  silence(): void;
  close(): Promise<void>;
}

/**
 * Listens on a free port of 127.0.0.1 and carries every connection to `target`'s host and port.
 * `hooks` is called once per connection; the closures it returns can keep that connection's state.
 */
export async function tcpProxy(target: URL | string, hooks: (link: ProxyLink) => LinkHooks = () => ({})): Promise<TcpProxy> {
  const to = new URL(target);
  const links = new Set<ProxyLink>();
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(to.port), to.hostname);
    let silent = false;
    const link: ProxyLink = {
      cut() {
        client.destroy();
        upstream.destroy();
      },
      silence() {
        silent = true;
        client.pause();
        upstream.pause();
      },
    };
    const { toServer, toClient } = hooks(link);
    links.add(link);
    for (const socket of [client, upstream]) sockets.add(socket);
    carry(client, upstream, toServer, () => silent);
    carry(upstream, client, toClient, () => silent);
    const end = () => {
      link.cut();
      links.delete(link);
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(to.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.href,
    port,
    silence() {
      for (const link of links) link.silence();
      links.clear();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Forwards `from`'s chunks to `to` through `hook`, with back-pressure, until silenced. */
function carry(from: net.Socket, to: net.Socket, hook: LinkHooks['toServer'], silent: () => boolean): void {
  from.on('data', (chunk: Buffer) => {
    if (silent()) return;
    const out = hook ? hook(chunk) : chunk;
    if (out === undefined || to.destroyed) return;
    if (!to.write(out)) {
      from.pause();
      to.once('drain', () => {
        if (!silent()) from.resume();
      });
    }
  });
}
