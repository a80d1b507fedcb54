import { Module } from '@nestjs/common';
import { OutboundService } from './outbound.service.js';

/** Outbound requests to URLs teams register (webhooks, MCP servers), under the shared SSRF policy. */
@Module({
  providers: [OutboundService],
  exports: [OutboundService],
})
export class OutboundModule {}
