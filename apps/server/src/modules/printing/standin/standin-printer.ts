import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * A stand-in Star CloudPRNT printer (docs/decisions/0054): it polls a server exactly as the real
 * one does (CloudPRNT Version HTTP) and, instead of paper, writes every ticket it receives to a
 * file of its own in a directory. Used by the tests, the bench and `npm run printer:standin`.
 *
 * One round: POST the status JSON to the URL; when the reply says jobReady and offers a media type
 * it declares, GET ?uid=&type=&mac=&token=; then DELETE ?mac=&code=&token= with "200 OK" once the
 * ticket is written, or the CloudPRNT error code of why not (510 media type, 520 download).
 */

export interface StandinPrinterOptions {
  /** The server's CloudPRNT URL (the Server URL of a real printer's settings). */
  url: string;
  login: string;
  secret: string;
  /** Where each ticket is written, one file per job. */
  outDir: string;
  /** Time between polls (a real printer's default is 5 s). */
  pollIntervalMs?: number;
  mac?: string;
  /** The media types it can print, in its order of preference. */
  mediaTypes?: string[];
  /** The status code it reports when polling ("200 OK"; "410 Out of paper" makes it print nothing). */
  statusCode?: string;
  /** Called with each ticket it has written. */
  onJob?: (job: ReceivedJob) => void;
}

export interface ReceivedJob {
  token: string | null;
  mediaType: string;
  content: string;
  file: string;
  receivedAt: Date;
}

interface PollReply {
  jobReady?: boolean;
  mediaTypes?: string[];
  jobToken?: string;
}

export class StandinCloudPrinter {
  readonly received: ReceivedJob[] = [];
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<unknown> = Promise.resolve();
  private readonly authorization: string;
  private readonly mac: string;
  private readonly mediaTypes: string[];

  constructor(private readonly options: StandinPrinterOptions) {
    this.authorization = `Basic ${Buffer.from(`${options.login}:${options.secret}`).toString('base64')}`;
    this.mac = options.mac ?? '00:11:62:00:00:54';
    this.mediaTypes = options.mediaTypes ?? ['text/plain'];
  }

  /** Polls every pollIntervalMs until stop(); a failed round (server away) is tried again at the next. */
  start(): void {
    if (this.timer) return;
    const every = this.options.pollIntervalMs ?? 5000;
    const tick = () => {
      this.round = this.pollOnce()
        .catch(() => null)
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, every);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling, after the round under way. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
  }

  /** One poll; the ticket it received and wrote, or null when none was waiting. */
  async pollOnce(): Promise<ReceivedJob | null> {
    const statusCode = this.options.statusCode ?? '200 OK';
    const reply = await this.call('POST', '', {
      status: '23 86 00 00 00 00 00 00 00 ',
      printerMAC: this.mac,
      statusCode: encodeURIComponent(statusCode),
      printingInProgress: false,
    });
    if (reply.status !== 200) throw new Error(`CloudPRNT poll: ${reply.status}`);
    const poll = (await reply.json()) as PollReply;
    if (!poll.jobReady || !statusCode.startsWith('2')) return null;
    const token = poll.jobToken ?? null;
    const tokenQuery = token === null ? '' : `&token=${encodeURIComponent(token)}`;
    const mediaType = this.mediaTypes.find((type) => (poll.mediaTypes ?? []).includes(type));
    if (!mediaType) {
      await this.confirm('510 Incompatible media type', tokenQuery);
      return null;
    }
    const job = await this.call(
      'GET',
      `?uid=&type=${encodeURIComponent(mediaType)}&mac=${encodeURIComponent(this.mac)}${tokenQuery}`,
    );
    if (job.status !== 200) {
      await this.confirm('520 Timeout', tokenQuery);
      return null;
    }
    const content = await job.text();
    await mkdir(this.options.outDir, { recursive: true });
    const sequence = String(this.received.length + 1).padStart(4, '0');
    const file = path.join(this.options.outDir, `${sequence}-job-${token ?? 'untokened'}.txt`);
    await writeFile(file, content);
    await this.confirm('200 OK', tokenQuery);
    const received = { token, mediaType, content, file, receivedAt: new Date() };
    this.received.push(received);
    this.options.onJob?.(received);
    return received;
  }

  private async confirm(code: string, tokenQuery: string) {
    const reply = await this.call(
      'DELETE',
      `?mac=${encodeURIComponent(this.mac)}&code=${encodeURIComponent(code)}${tokenQuery}`,
    );
    if (reply.status !== 200) throw new Error(`CloudPRNT confirmation: ${reply.status}`);
  }

  private call(method: 'POST' | 'GET' | 'DELETE', query: string, body?: object) {
    return fetch(`${this.options.url}${query}`, {
      method,
      headers: {
        authorization: this.authorization,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
  }
}
