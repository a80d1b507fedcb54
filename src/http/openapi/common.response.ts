import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ErrorBody } from '../all-exceptions.filter.js';

/** The one error body every /api route answers with (AllExceptionsFilter), as the document describes it. */
export class ErrorBodyResponse implements ErrorBody {
  @ApiProperty({ type: 'integer', example: 404, description: 'The HTTP status, repeated' })
  statusCode: number;

  @ApiProperty({ type: String, example: 'Not Found', description: "The status's reason phrase" })
  error: string;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    example: 'Workflow not found',
    description: 'What went wrong; a validation error lists each field',
  })
  message: string | string[];

  @ApiPropertyOptional({ type: String, example: 'email_unverified', description: 'A stable reason, where a client must tell one refusal from another' })
  code?: string;
}

class OpenAiErrorDetail {
  @ApiProperty({ type: String })
  message: string;

  @ApiProperty({ type: String, example: 'invalid_request_error' })
  type: string;

  @ApiProperty({ type: String, nullable: true })
  param: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'insufficient_quota' })
  code: string | null;
}

/** The error body under /v1, in OpenAI's shape (openAiErrorShape), which its SDKs read into their error classes. */
export class OpenAiErrorBodyResponse {
  @ApiProperty({ type: OpenAiErrorDetail })
  error: OpenAiErrorDetail;
}

/** `{ success: true }`: what a removal or a sign-out answers. */
export class SuccessResponse {
  @ApiProperty({ enum: [true] })
  success: true;
}
