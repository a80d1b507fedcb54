import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboundModule } from '../../outbound/outbound.module.js';
import { McpServer } from './mcp-server.entity.js';
import { McpServersController } from './mcp-servers.controller.js';
import { McpServersService } from './mcp-servers.service.js';
import { McpToolsService } from './mcp-tools.service.js';

/** The MCP servers a team connects, and their tools for the agents' replies. */
@Module({
  imports: [TypeOrmModule.forFeature([McpServer]), OutboundModule],
  controllers: [McpServersController],
  providers: [McpServersService, McpToolsService],
  exports: [McpToolsService],
})
export class McpModule {}
