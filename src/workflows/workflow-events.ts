import { EventEmitter } from 'node:events';
import { Injectable } from '@nestjs/common';

/**
 * In-process notice that a workflow's plan, status or schedule changed, for listeners in modules
 * above this one (the run scheduler). Other instances catch up through their own reconciliation.
 */
@Injectable()
export class WorkflowEvents {
  private readonly emitter = new EventEmitter();

  changed(workflowId: string): void {
    this.emitter.emit('changed', workflowId);
  }

  onChanged(listener: (workflowId: string) => void): () => void {
    this.emitter.on('changed', listener);
    return () => this.emitter.off('changed', listener);
  }
}
