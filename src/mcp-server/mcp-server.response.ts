import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

class JsonRpcError {
  @ApiProperty({ type: 'integer', example: -32601 })
  code: number;

  @ApiProperty()
  message: string;

  @ApiPropertyOptional({ description: 'Details, as the error gives them' })
  data?: unknown;
}

/**
 * A JSON-RPC 2.0 answer as the MCP SDK's transport writes it (the SDK types it, not this service):
 * `result` for a request it served (tools/list, tools/call, …), `error` for one it refused.
 */
export class JsonRpcResponse {
  @ApiProperty({ enum: ['2.0'] })
  jsonrpc: '2.0';

  @ApiProperty({ oneOf: [{ type: 'string', nullable: true }, { type: 'integer' }], description: "The request's id (null when the request could not be read)" })
  id: string | number | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'What the method returns (MCP)' })
  result?: Record<string, unknown>;

  @ApiPropertyOptional({ type: JsonRpcError })
  error?: JsonRpcError;
}
