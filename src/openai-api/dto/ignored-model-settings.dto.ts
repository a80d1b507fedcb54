import { Allow, IsBoolean, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { FreeForm } from '../../http/free-form.decorator.js';

/**
 * Model settings both /v1 request bodies (chat completions, responses) take as OpenAI's clients send
 * them, checked as OpenAI checks them, and then ignored: the agents choose their model settings and tools.
 */
export class IgnoredModelSettingsDto {
  @IsOptional()
  @Allow()
  @FreeForm()
  tool_choice?: unknown;

  @IsOptional()
  @IsBoolean()
  parallel_tool_calls?: boolean | null;

  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(2)
  temperature?: number | null;

  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(1)
  top_p?: number | null;
}
