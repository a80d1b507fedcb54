import { Allow, IsBoolean, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { FreeForm } from '../../http/free-form.decorator.js';

/** The cap on a string setting taken and ignored (an end-user id, a service tier): above any value OpenAI's clients send, bounded as every string this service takes is. */
export const IGNORED_SETTING_MAX_LENGTH = 256;

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
