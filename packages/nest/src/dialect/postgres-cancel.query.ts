import { connect } from 'node:net';

/**
 * What a node-postgres client knows of its session: where it connected (a host, or the directory of
 * a Unix socket), and the key its server gave it to cancel its statements (null before it is known).
 */
export interface PostgresSession {
  host: string;
  port: number;
  processID: number | null;
  secretKey: number | null;
}

/** The protocol's CancelRequest: its length, its code (1234 5678), the backend's process ID and secret key. */
function cancelRequest(processID: number, secretKey: number): Buffer {
  const packet = Buffer.alloc(16);
  packet.writeInt32BE(16, 0);
  packet.writeInt32BE(80_877_102, 4);
  packet.writeInt32BE(processID, 8);
  packet.writeInt32BE(secretKey, 12);
  return packet;
}

/**
 * Asks the server to cancel what `session` runs now, with the protocol's CancelRequest on a
 * connection of its own, as libpq and pgJDBC do: it takes no pooled connection (every one of them
 * may be running a statement to cancel) and no login. Settles once the server has closed that
 * connection, which it does after signalling the session's backend, or could not be reached (the
 * statement then runs on): from then on a statement sent on the session cannot meet this cancel (a
 * cancel reaching an idle backend is ignored), so the caller must not send one before.
 */
export function cancelPostgresStatement(session: PostgresSession): Promise<void> {
  const { processID, secretKey } = session;
  if (processID === null || secretKey === null) return Promise.resolve();
  return new Promise((resolve) => {
    const socket = session.host.startsWith('/')
      ? connect(`${session.host}/.s.PGSQL.${session.port}`)
      : connect(session.port, session.host);
    // 'close' follows an error.
    socket.on('error', () => undefined);
    socket.once('close', () => resolve());
    socket.once('connect', () => socket.end(cancelRequest(processID, secretKey)));
  });
}
