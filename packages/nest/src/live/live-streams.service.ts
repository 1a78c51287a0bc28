import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
  type MessageEvent,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Observable, type Subscriber } from 'rxjs';
import type { HttpRequest } from '../common/http-platform.reader.js';
import { MissingPermissionsException } from '../permissions/missing-permissions.exception.js';
import { PermissionsService } from '../permissions/permissions.service.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import type { LiveSubscription } from './live-notice.types.js';
import { LiveNotices } from './live-notices.service.js';
import { parseLiveRequest } from './live-request.parser.js';
import { LiveStream } from './live-stream.writer.js';
import { LiveTables } from './live-tables.registry.js';

/** Milliseconds a browser waits before it reconnects a stream that dropped. */
export const LIVE_RETRY_MS = 2000;
/** Milliseconds between the comments that keep an idle stream open through proxies. */
export const LIVE_KEEPALIVE_MS = 25_000;

/**
 * Opens the live streams: checks the request, the user's right to list each table, and the number
 * of streams the user holds; then hands the stream the notices of its tables.
 */
@Injectable()
export class LiveStreams implements OnModuleDestroy {
  /** Open streams per user name. */
  private readonly open = new Map<string, number>();
  private readonly subscribers = new Set<Subscriber<MessageEvent>>();
  /** Once the app stops: a browser reconnecting on a connection still open would keep it from stopping. */
  private stopping = false;

  constructor(
    private readonly tables: LiveTables,
    private readonly notices: LiveNotices,
    private readonly permissions: PermissionsService,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  async stream(query: Record<string, unknown>, request: HttpRequest): Promise<Observable<MessageEvent>> {
    if (this.stopping) throw new ServiceUnavailableException('The server is stopping: open the stream again later');
    const { options } = this.notices;
    const parsed = parseLiveRequest(query, request.headers['last-event-id'], options.maxTablesPerStream);
    if ('problems' in parsed) throw new BadRequestException(parsed.problems);
    const subscriptions = await this.subscriptions(parsed.tables, request);
    const user = await this.permissions.userNameOf(request);
    if (!user) throw new ForbiddenException('A live stream belongs to a user: the request has no user name');
    const resume = this.notices.resume(parsed.lastEventId);
    return new Observable<MessageEvent>((subscriber) => {
      // Counted when the stream starts, so that a client gone before it does holds no place.
      const held = this.open.get(user) ?? 0;
      if (held >= options.maxStreamsPerUser) {
        subscriber.error(
          new HttpException(
            `At most ${options.maxStreamsPerUser} live streams per user may be open`,
            HttpStatus.TOO_MANY_REQUESTS,
          ),
        );
        return;
      }
      this.open.set(user, held + 1);
      this.subscribers.add(subscriber);
      const settings = {
        instance: this.notices.instance,
        interval: options.interval,
        maxKeys: options.maxKeys,
        retry: LIVE_RETRY_MS,
      };
      const stream = new LiveStream(subscriptions, settings, (event) => subscriber.next(event), this.notices.position);
      const stop = this.notices.listen((notice) => stream.notice(notice));
      stream.start(resume);
      const keepAlive = setInterval(() => subscriber.next({ comment: '' }), LIVE_KEEPALIVE_MS);
      return () => {
        this.subscribers.delete(subscriber);
        clearInterval(keepAlive);
        stop();
        stream.close();
        const left = (this.open.get(user) ?? 1) - 1;
        if (left > 0) this.open.set(user, left);
        else this.open.delete(user);
      };
    });
  }

  /** Ends every stream, so that the server can stop: the browsers reconnect to the next one. */
  onModuleDestroy(): void {
    this.stopping = true;
    for (const subscriber of [...this.subscribers]) subscriber.complete();
  }

  /** Each table the user may list, with whether they may learn its keys; a 404 or 403 otherwise. */
  private async subscriptions(ids: string[], request: HttpRequest): Promise<LiveSubscription[]> {
    const unknown = ids.filter((id) => !this.tables.get(id));
    if (unknown.length > 0) {
      throw new NotFoundException(`No live table ${unknown.map((id) => JSON.stringify(id)).join(', ')}`);
    }
    const granted = (await this.permissions.permissionsOf(request)) ?? new Set<string>();
    const tables = ids.map((id) => this.tables.get(id)!);
    const required = tables
      .flatMap((table) => table.requirements)
      .map((requirement) => (typeof requirement === 'function' ? requirement(this.config) : requirement));
    const missing = [...new Set(required)].filter((permission) => !granted.has(permission));
    if (missing.length > 0) throw new MissingPermissionsException(missing);
    return tables.map((table) => ({
      table: table.id,
      entity: table.entity,
      related: table.related,
      keys: this.tables.seesEveryRow(table, request),
    }));
  }
}
