import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../http/openapi/api-responses.decorator.js';
import { SuccessResponse } from '../http/openapi/common.response.js';
import { Audit, type AuditContext } from '../audit-events/audit-context.js';
import { ParseSerialIdPipe } from '../http/parse-serial-id.pipe.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { AssetResponse } from './asset.response.js';
import { AssetVersionResponse } from './asset-version.response.js';
import { AssetsService } from './assets.service.js';
import { ListAssetsQueryDto } from './dto/list-assets.query.dto.js';
import { Permission } from '../teams/permissions/permission.decorator.js';

@ApiTags('assets')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('assets')
export class AssetsController {
  constructor(private readonly assets: AssetsService) {}

  @Permission('asset.read')
  @ApiOperation({ summary: "List the assets the caller may see, newest first, in pages: the team's shared and run assets and the caller's own private ones" })
  @ApiOkResponse({ type: [AssetResponse] })
  @Get()
  list(@ActiveTeam() team: TeamContext, @Query() query: ListAssetsQueryDto): Promise<AssetResponse[]> {
    return this.assets.list(team, query);
  }

  @Permission('asset.read')
  @ApiOperation({ summary: 'Get an asset' })
  @ApiOkResponse({ type: AssetResponse })
  @Get(':id')
  get(@ActiveTeam() team: TeamContext, @Param('id', ParseSerialIdPipe) id: number): Promise<AssetResponse> {
    return this.assets.get(team, id);
  }

  @Permission('asset.read')
  @ApiOperation({ summary: "An asset's texts: the original first, then each approver's edit" })
  @ApiOkResponse({ type: [AssetVersionResponse] })
  @ApiErrors(404)
  @Get(':id/versions')
  versions(@ActiveTeam() team: TeamContext, @Param('id', ParseSerialIdPipe) id: number): Promise<AssetVersionResponse[]> {
    return this.assets.versions(team, id);
  }

  @Permission('asset.delete')
  @ApiOperation({ summary: 'Delete an asset' })
  @ApiOkResponse({ type: SuccessResponse })
  // 403: what a chat another member shared made is read-only for the team.
  @ApiErrors(403, 404)
  @Delete(':id')
  async delete(@ActiveTeam() team: TeamContext, @Param('id', ParseSerialIdPipe) id: number, @Audit() audit: AuditContext): Promise<SuccessResponse> {
    await this.assets.delete(team, id, audit);
    return { success: true };
  }
}
