import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsString, MaxLength } from 'class-validator';
import { ASSET_TOOLS } from '../../tools/index.js';

export class SetAgentToolApprovalsDto {
  @ApiProperty({
    type: [String],
    example: ['generate_image'],
    description: "The agent's built-in tools that need a person's approval before each call (a chat asks the user, a run step pauses for a decision; /v1 and MCP clients refuse them); [] for none",
  })
  @IsArray()
  @ArrayMaxSize(Object.keys(ASSET_TOOLS).length)
  @ArrayUnique({ message: 'approvalTools must not name a tool twice' })
  @IsString({ each: true, message: 'approvalTools must be tool names' })
  @MaxLength(64, { each: true, message: 'approvalTools must be tool names' })
  approvalTools: string[];
}
