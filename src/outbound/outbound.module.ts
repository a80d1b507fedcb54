import { Module } from '@nestjs/common';
import { OutboundResolver, OutboundService } from './outbound.service.js';

/** Outbound requests to URLs teams register (webhooks, MCP servers), under the shared SSRF policy. */
@Module({
  providers: [OutboundService, OutboundResolver],
  exports: [OutboundService],
})
export class OutboundModule {}
