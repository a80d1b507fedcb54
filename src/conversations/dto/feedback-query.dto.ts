import { PickType } from '@nestjs/swagger';
import { UsageQueryDto } from '../../usage/dto/usage-query.dto.js';

/** GET /api/usage/feedback: the range of the usage report, read the same way. */
export class FeedbackQueryDto extends PickType(UsageQueryDto, ['from', 'to'] as const) {}
