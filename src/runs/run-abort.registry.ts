import { Injectable } from '@nestjs/common';

/** The abort switches of the steps this instance is executing, so a stop cuts a model call at once. */
@Injectable()
export class RunAbortRegistry {
  private readonly controllers = new Map<number, AbortController>();

  begin(runId: number): AbortController {
    const controller = new AbortController();
    this.controllers.set(runId, controller);
    return controller;
  }

  end(runId: number, controller: AbortController): void {
    if (this.controllers.get(runId) === controller) this.controllers.delete(runId);
  }

  abort(runId: number, reason: string): void {
    this.controllers.get(runId)?.abort(new Error(reason));
  }

  abortAll(reason: string): void {
    for (const controller of this.controllers.values()) controller.abort(new Error(reason));
  }
}
