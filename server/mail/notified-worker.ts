import type { ServerContext } from '../context.ts';
import { log } from '../observability/log.ts';

/**
 * Runs `work` when PostgreSQL NOTIFYs `channel`, and on a slow poll for rows queued while the
 * server was down or a NOTIFY that was lost. One run at a time: a wake-up during a run asks for
 * one more run after it, so nothing queued is left waiting and runs never overlap. The mail
 * workers (account notices, integrity notices) extend it with their `work`.
 */
export abstract class NotifiedWorker {
  private running: Promise<void> | undefined;
  private again = false;
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    protected readonly ctx: ServerContext,
    private readonly channel: string,
    /** Logged with the error when a run fails. */
    private readonly failure: string,
    private readonly pollMs = 60_000,
  ) {}

  /** One run over what is queued. */
  protected abstract work(): Promise<void>;

  async start(): Promise<void> {
    this.unlisten = await this.ctx.db.listen(this.channel, () => this.kick());
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unlisten?.().catch(() => undefined);
    while (this.running) await this.running;
  }

  /** Resolves once everything queued so far has been tried. */
  async drain(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  private kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .catch((error: unknown) => log.error({ err: error }, this.failure))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }
}
