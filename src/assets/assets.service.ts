import { BadRequestException, ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, type FindOptionsWhere, In, IsNull, MoreThanOrEqual, Repository } from 'typeorm';
import type { AuditContext } from '../audit-events/audit-context.js';
import { AuditService } from '../audit-events/audit.service.js';
import { cutText } from '../common/cut-text.js';
import { unifiedLineDiff } from '../common/line-diff.js';
import { StorageService } from '../storage/storage.service.js';
import { emittingWith } from '../webhook-events/webhook-outbox.service.js';
import { AssetsRepository } from './assets.repository.js';
import type { AssetResponse } from './asset.response.js';
import type { AssetVersionResponse } from './asset-version.response.js';
import { ASSET_TITLE_MAX_LENGTH, TEXT_ASSET_TYPES, type AssetType } from './asset-types.js';
import type { ListAssetsQueryDto } from './dto/list-assets.query.dto.js';
import { Asset } from './entities/asset.entity.js';
import { AssetVersion } from './entities/asset-version.entity.js';

/** An approver's new text for an asset the step awaiting approval made. */
export interface AssetEdit {
  assetId: number;
  content: string;
}

/** What an edit changed, for the decision's audit entry: the version it made and a unified diff. */
export interface AppliedEdit {
  assetId: number;
  version: number;
  diff: string;
}

/** Where an asset was made: always a team; a conversation and a workflow run when there is one. */
export interface AssetScope {
  teamId: string;
  conversationId: string | null;
  runId: number | null;
}

/**
 * Who reads assets: a member sees the team's and their own private ones (what their private
 * conversations made); `userId` null (the service on its own behalf, e.g. a run) the team's only.
 */
export interface AssetReader {
  teamId: string;
  userId: string | null;
}

/** The where clause of one asset `reader` may see. */
function visible(reader: AssetReader, id: number): FindOptionsWhere<Asset>[] {
  const shared = { id, teamId: reader.teamId, privateTo: IsNull() };
  return reader.userId ? [shared, { id, teamId: reader.teamId, privateTo: reader.userId }] : [shared];
}

export interface NewAsset {
  type: AssetType;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
  /** The stored object behind the asset (images), deleted with it. */
  storageKey?: string;
}

/** What an `asset.created` event says of the asset: never its content. */
const ASSET_CREATED_DATA = `jsonb_build_object('assetId', inserted.id, 'type', inserted.type, 'title', inserted.title,
  'conversationId', inserted.conversation_id, 'runId', inserted.run_id, 'createdAt', inserted.created_at)`;

@Injectable()
export class AssetsService {
  private readonly logger = new Logger(AssetsService.name);

  constructor(
    @InjectRepository(Asset) private readonly assets: Repository<Asset>,
    @InjectRepository(AssetVersion) private readonly versionsOf: Repository<AssetVersion>,
    private readonly storage: StorageService,
    private readonly listing: AssetsRepository,
    private readonly audit: AuditService,
  ) {}

  async create(scope: AssetScope, asset: NewAsset): Promise<AssetResponse> {
    const entity = this.assets.create({
      ...scope,
      type: asset.type,
      title: cutTitle(asset.title),
      content: asset.content,
      metadata: asset.metadata,
      storageKey: asset.storageKey ?? null,
    });
    // One statement, one round trip (every tool call of every reply and run step comes here), which
    // also writes the team's `asset.created` webhook event when it has an endpoint for it: the
    // event exists exactly when the asset does. What a member's private conversation makes is
    // theirs (`private_to`; a run's conversation has no author, so its assets are the team's, as a
    // shared chat's are), and sends no event: the team's endpoints would tell its admins what a
    // member's chat made. FOR SHARE waits for a change of sharing under way (ConversationsService.setSharing),
    // in either direction: the row is locked whatever its sharing (a condition on shared_at in the
    // WHERE would skip the lock while the chat is shared).
    const [generated] = await this.assets.query<{ id: number; created_at: Date }[]>(
      `WITH inserted AS (
         INSERT INTO assets (team_id, conversation_id, run_id, type, title, content, metadata, storage_key, private_to)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, (SELECT CASE WHEN shared_at IS NULL THEN user_id END FROM conversations WHERE id = $2 AND workflow_run IS NULL FOR SHARE))
         RETURNING id, created_at, conversation_id, run_id, type, title, private_to
       ), ${emittingWith('asset.created', { teamId: '$1::uuid', source: '(SELECT * FROM inserted WHERE private_to IS NULL) AS inserted', data: ASSET_CREATED_DATA })}
       SELECT id, created_at FROM inserted`,
      [entity.teamId, entity.conversationId, entity.runId, entity.type, entity.title, entity.content, JSON.stringify(entity.metadata), entity.storageKey],
    );
    return map({ ...entity, id: generated.id, createdAt: generated.created_at });
  }

  /** SPEC §4 GET /api/assets: the team's assets (and the reader's private ones), newest first, filtered and paged. */
  list(reader: AssetReader, query: ListAssetsQueryDto): Promise<AssetResponse[]> {
    return this.listing.list(reader, {
      conversationId: query.conversationId,
      runId: query.runId,
      type: query.type,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      rejected: query.rejected ?? 'include',
      q: query.q,
      limit: query.limit,
      offset: query.offset,
    });
  }

  async get(reader: AssetReader, id: number): Promise<AssetResponse> {
    const asset = await this.assets.findOneBy(visible(reader, id));
    if (!asset) throw new NotFoundException('Asset not found');
    return map(asset);
  }

  /** What a workflow run made since a moment (a step attempt's start), oldest first: what an approval names. */
  async madeByRunSince(runId: number, since: Date): Promise<MadeAsset[]> {
    return (await this.madeByRunsSince([{ runId, since }])).get(runId) ?? [];
  }

  /** `madeByRunSince` for several runs (one checkpoint each) in one query, by run id: a listing's steps. */
  async madeByRunsSince(checkpoints: { runId: number; since: Date }[]): Promise<Map<number, MadeAsset[]>> {
    const made = new Map<number, MadeAsset[]>();
    if (checkpoints.length === 0) return made;
    const assets = await this.assets
      .createQueryBuilder('asset')
      .select(['asset.id', 'asset.type', 'asset.title', 'asset.runId'])
      .where('asset.run_id IN (:...runIds)', { runIds: checkpoints.map(({ runId }) => runId) })
      .andWhere(
        'EXISTS (SELECT 1 FROM unnest(CAST(:checkpointRuns AS int[]), CAST(:checkpointSinces AS timestamptz[])) AS checkpoint(run_id, since) ' +
          'WHERE checkpoint.run_id = asset.run_id AND asset.created_at >= checkpoint.since)',
        { checkpointRuns: checkpoints.map(({ runId }) => runId), checkpointSinces: checkpoints.map(({ since }) => since.toISOString()) },
      )
      .orderBy('asset.created_at', 'ASC')
      .addOrderBy('asset.id', 'ASC')
      .getMany();
    for (const { id, type, title, runId } of assets) made.set(runId!, [...(made.get(runId!) ?? []), { id, type, title }]);
    return made;
  }

  /**
   * Checks an approver's edits before anything is stored: each names, once, a text asset the run made
   * since `since` (the awaiting attempt's start). 404 for any other asset (another step's, another
   * team's: not told apart), 400 for an image or a receipt or an asset named twice.
   */
  async checkStepEdits(step: { runId: number; since: Date }, edits: AssetEdit[]): Promise<void> {
    const ids = edits.map(({ assetId }) => assetId);
    if (new Set(ids).size !== ids.length) throw new BadRequestException('Each asset may be edited once per decision');
    const made = await this.assets.find({
      where: { id: In(ids), runId: step.runId, createdAt: MoreThanOrEqual(step.since) },
      select: { id: true, type: true },
    });
    for (const id of ids) {
      const asset = made.find((candidate) => candidate.id === id);
      if (!asset) throw new NotFoundException(`Asset ${id} is not one this step made`);
      if (!TEXT_ASSET_TYPES.includes(asset.type)) throw new BadRequestException(`Asset ${id} is not text (${asset.type}); only text assets can be edited`);
    }
  }

  /**
   * Stores checked edits in the caller's transaction: the original as version 1 at an asset's first
   * edit, the new text as the next version and as the asset's content (what the listing and later
   * steps read). An unchanged text stores nothing.
   */
  async applyEdits(manager: EntityManager, edits: AssetEdit[], editor: string): Promise<AppliedEdit[]> {
    const applied: AppliedEdit[] = [];
    for (const { assetId, content } of edits) {
      const asset = await manager.findOne(Asset, { where: { id: assetId }, select: { id: true, content: true, title: true, createdAt: true }, lock: { mode: 'pessimistic_write' } });
      if (!asset || asset.content === content) continue;
      const latest = await manager.findOne(AssetVersion, { where: { assetId }, order: { version: 'DESC' }, select: { version: true } });
      if (!latest) await manager.insert(AssetVersion, { assetId, version: 1, content: asset.content, editedBy: null, createdAt: asset.createdAt });
      const version = (latest?.version ?? 1) + 1;
      await manager.insert(AssetVersion, { assetId, version, content, editedBy: editor });
      await manager.update(Asset, { id: assetId }, { content });
      applied.push({ assetId, version, diff: unifiedLineDiff(asset.content, content, asset.title) });
    }
    return applied;
  }

  /** GET /api/assets/:id/versions: every text of the asset, the original first; an asset never edited has only its original. */
  async versions(reader: AssetReader, id: number): Promise<AssetVersionResponse[]> {
    const asset = await this.assets.findOne({ where: visible(reader, id), select: { id: true, content: true, createdAt: true } });
    if (!asset) throw new NotFoundException('Asset not found');
    const stored = await this.versionsOf.find({ where: { assetId: id }, order: { version: 'ASC' } });
    const versions = stored.length > 0 ? stored : [{ version: 1, content: asset.content, editedBy: null, createdAt: asset.createdAt }];
    return versions.map(({ version, content, editedBy, createdAt }) => ({ version, content, editedBy, createdAt: createdAt.toISOString() }));
  }

  /** The run's assets an approver edited, with their latest text: what later steps are shown in place of the step's own reply. */
  editedInRun(runId: number): Promise<Pick<Asset, 'id' | 'title' | 'content'>[]> {
    return this.assets
      .createQueryBuilder('asset')
      .select(['asset.id', 'asset.title', 'asset.content'])
      .where('asset.run_id = :runId', { runId })
      .andWhere('EXISTS (SELECT 1 FROM asset_versions v WHERE v.asset_id = asset.id)')
      .orderBy('asset.created_at', 'ASC')
      .addOrderBy('asset.id', 'ASC')
      .getMany();
  }

  /** Marks what a rejected step attempt made (the run's assets since the attempt began), in the rejecting transaction. */
  async markRejected(manager: EntityManager, runId: number, since: Date): Promise<void> {
    await manager.query('UPDATE assets SET rejected_at = now() WHERE run_id = $1 AND created_at >= $2 AND rejected_at IS NULL', [runId, since]);
  }

  /** Removes what a workflow run made since a moment (a step attempt that is being redone). */
  async deleteRunAssetsSince(runId: number, since: Date): Promise<void> {
    const doomed = await this.assets
      .createQueryBuilder('asset')
      .select(['asset.id', 'asset.teamId', 'asset.storageKey'])
      .where('asset.run_id = :runId AND asset.created_at >= :since', { runId, since })
      .getMany();
    // A run's own cleanup (a step done again): not anyone's action to record.
    for (const asset of doomed) await this.delete({ teamId: asset.teamId, userId: null }, asset.id, null);
  }

  /**
   * Gives a run retry the assets of the steps it reuses: copies of the original run's assets made
   * up to `through`, under the retry's run and conversation, keeping their creation times (and rejections). A copy
   * shares the stored object (an image's file) with its original; see delete.
   */
  async copyRunAssets(from: { runId: number; through: Date }, to: { runId: number; conversationId: string }, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO assets (team_id, conversation_id, run_id, type, title, content, metadata, storage_key, created_at, rejected_at)
       SELECT team_id, $3, $4, type, title, content, metadata, storage_key, created_at, rejected_at FROM assets
       WHERE run_id = $1 AND created_at <= $2 ORDER BY created_at, id`,
      [from.runId, from.through, to.conversationId, to.runId],
    );
  }

  /**
   * Deletes the asset, and the stored object behind it (an image's file) unless a copy still shows it.
   * `audit`: who asked, recorded with the asset's type and title (never its content) in the delete's transaction.
   */
  async delete(reader: AssetReader, id: number, audit: AuditContext | null): Promise<void> {
    const { teamId } = reader;
    const asset = await this.assets.manager.transaction(async (manager) => {
      const found = await manager.findOne(Asset, {
        where: visible(reader, id),
        select: { id: true, storageKey: true, type: true, title: true, conversationId: true },
        lock: { mode: 'pessimistic_write' },
      });
      if (!found) throw new NotFoundException('Asset not found');
      // A chat another member shared is read-only for the team: so is what it made.
      if (reader.userId && found.conversationId) {
        const others: unknown[] = await manager.query('SELECT 1 FROM conversations WHERE id = $1 AND shared_at IS NOT NULL AND user_id IS DISTINCT FROM $2', [found.conversationId, reader.userId]);
        if (others.length > 0) throw new ForbiddenException('This asset belongs to a chat another member shared: only its author deletes it');
      }
      await manager.delete(Asset, { id, teamId });
      if (audit) {
        await this.audit.record(manager, audit, {
          teamId,
          action: 'asset.deleted',
          target: { type: 'asset', id: String(id) },
          changes: { type: { before: found.type, after: null }, title: { before: found.title, after: null } },
        });
      }
      return found;
    });
    if (asset.storageKey && !(await this.assets.existsBy({ storageKey: asset.storageKey }))) {
      // The row is gone either way; a file left behind is only wasted space, so log and go on.
      await this.storage.delete(asset.storageKey).catch((error: unknown) => {
        this.logger.warn(`Could not delete stored object ${asset.storageKey}: ${String(error)}`);
      });
    }
  }
}

function cutTitle(title: string): string {
  const line = title.replace(/\s+/g, ' ').trim() || 'Untitled';
  return cutText(line, ASSET_TITLE_MAX_LENGTH);
}

/** An asset as an approval names it. */
export type MadeAsset = Pick<AssetResponse, 'id' | 'type' | 'title'>;

function map(asset: Asset): AssetResponse {
  return {
    id: asset.id,
    teamId: asset.teamId,
    conversationId: asset.conversationId,
    runId: asset.runId,
    type: asset.type,
    title: asset.title,
    content: asset.content,
    metadata: asset.metadata,
    createdAt: asset.createdAt.toISOString(),
    rejectedAt: asset.rejectedAt?.toISOString() ?? null,
  };
}
