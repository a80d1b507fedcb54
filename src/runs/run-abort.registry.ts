import { Injectable } from '@nestjs/common';

/** The abort switches of the steps this instance is executing, so a stop cuts a model call at once. */
@Injectable()
export class RunAbortRegistry {
  private readonly controllers = new Map<number, AbortController>();
  /** Set by `abortAll`: every step begun from then on starts aborted with it. */
  private abortedForGood?: Error;

  begin(runId: number): AbortController {
    const controller = new AbortController();
    if (this.abortedForGood) controller.abort(this.abortedForGood);
    this.controllers.set(runId, controller);
    return controller;
  }

  end(runId: number, controller: AbortController): void {
    if (this.controllers.get(runId) === controller) this.controllers.delete(runId);
  }

  abort(runId: number, reason: string): void {
    this.controllers.get(runId)?.abort(new Error(reason));
  }

  /**
   * Aborts the steps in flight and every step begun later. A step between its checkpoint and its
   * model call has no switch here yet: without the later ones it would run its whole reply after
   * a shutdown's hand-back, holding the exit for as long.
   */
  abortAll(reason: string): void {
    this.abortedForGood = new Error(reason);
    for (const controller of this.controllers.values()) controller.abort(this.abortedForGood);
  }
}
