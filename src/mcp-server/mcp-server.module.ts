import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module.js';
import { AssetsModule } from '../assets/assets.module.js';
import { AssistantModule } from '../assistant/assistant.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { WorkflowsModule } from '../workflows/workflows.module.js';
import { McpServerController } from './mcp-server.controller.js';
import { McpToolsService } from './mcp-tools.service.js';

/** POST /mcp: the service's agents, workflows, runs, approvals and assets as MCP tools and resources, for API tokens. */
@Module({
  imports: [WorkflowsModule, RunsModule, AssetsModule, ApprovalsModule, AssistantModule],
  controllers: [McpServerController],
  providers: [McpToolsService],
})
export class McpServerModule {}
