import { Readable } from 'node:stream';
import { Controller, Get, Param, ParseUUIDPipe, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiCookieAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuditPageResponse } from './audit.response.js';
import { AuditTrailService } from './audit-trail.service.js';
import { AuditExportQueryDto, AuditQueryDto } from './dto/audit-query.dto.js';
import { Permission } from '../teams/permissions/permission.decorator.js';

@ApiTags('teams')
@ApiBearerAuth()
@ApiCookieAuth()
@ApiForbiddenResponse({ description: "Only the team's owners and admins read its audit trail" })
@ApiNotFoundResponse({ description: 'Not a team of the caller' })
@ApiBadRequestResponse({ description: 'A filter is malformed, or a date is outside the years 1 to 9999' })
@Controller('teams/:id/audit')
export class AuditController {
  constructor(private readonly audit: AuditTrailService) {}

  @Permission('team.audit', { teamParam: 'id' })
  @ApiOperation({ summary: "List a team's audit events" })
  @Get()
  @ApiOkResponse({ type: AuditPageResponse, description: 'Newest first; nextCursor (null on the last page) as `cursor` reads the next older page' })
  list(@Param('id', ParseUUIDPipe) id: string, @Query() query: AuditQueryDto): Promise<AuditPageResponse> {
    return this.audit.list(id, query);
  }

  @Permission('team.audit', { teamParam: 'id' })
  @ApiOperation({ summary: "Export a team's audit events (JSON Lines or CSV)" })
  @Get('export')
  @ApiResponse({
    status: 200,
    description: 'The events of the range, oldest first, one per line (JSON Lines) or row (CSV with a header), streamed',
    content: {
      'application/x-ndjson': { schema: { type: 'string', description: 'One audit event (as listed) per line' } },
      'text/csv': { schema: { type: 'string', description: 'A header, then one row per event' } },
    },
  })
  export(
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: AuditExportQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): StreamableFile {
    const lines = this.audit.export(id, query);
    const csv = query.format === 'csv';
    res.setHeader('Content-Disposition', `attachment; filename="audit-${id}.${csv ? 'csv' : 'jsonl'}"`);
    return new StreamableFile(Readable.from(lines), { type: csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8' });
  }
}
