import { HttpException, Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import SCIMMY from 'scimmy';
import type { AuditContext } from '../../audit-events/audit-context.js';
import type { AppConfig } from '../../config/configuration.js';
import { SINGLE_ADDRESS } from '../../mail/mail.service.js';
import { type DirectoryGroup, type DirectoryUser, type DirectoryUserInput, ScimDirectoryService } from './scim-directory.service.js';
import { SCIM_PATH } from './scim-error.shape.js';
import { userFilterSql } from './scim-user-filter.js';

type UserResource = InstanceType<typeof SCIMMY.Resources.User>;
type GroupResource = InstanceType<typeof SCIMMY.Resources.Group>;
/** What the handlers give scimmy: the resource's attributes (scimmy adds `schemas` and fills `meta`). */
type UserOut = Omit<SCIMMY.Schemas.User, 'schemas' | 'meta'>;
type GroupOut = Omit<SCIMMY.Schemas.Group, 'schemas' | 'meta'>;

/**
 * scimmy's User and Group resources, wired to ScimDirectoryService. scimmy keeps its handlers and
 * configuration on its classes (one set a process), so they are set when the module starts.
 */
@Injectable()
export class ScimResources implements OnModuleInit {
  readonly users = SCIMMY.Resources.User;
  readonly groups = SCIMMY.Resources.Group;

  constructor(
    private readonly directory: ScimDirectoryService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  onModuleInit(): void {
    const base = new URL(SCIM_PATH, this.config.get('app', { infer: true }).publicUrl).toString();
    SCIMMY.Config.set({
      patch: true,
      filter: { supported: true, maxResults: 1000 },
      sort: false,
      bulk: false,
      changePassword: false,
      etag: false,
      authenticationSchemes: [{ type: 'oauthbearertoken', name: 'Bearer token', description: 'A token the operator made with `npm run cli -- scim-token create`' }],
    });
    for (const resource of [SCIMMY.Resources.User, SCIMMY.Resources.Group]) {
      if (!SCIMMY.Resources.declared(resource)) SCIMMY.Resources.declare(resource);
    }
    SCIMMY.Resources.User.basepath(base);
    SCIMMY.Resources.User.ingress((resource, instance, ctx) => this.writeUser(resource, instance, ctx as AuditContext))
      .egress((resource) => this.readUsers(resource))
      .degress((resource, ctx) => refusing(() => this.directory.deleteUser(resource.id!, ctx as AuditContext)));
    SCIMMY.Resources.Group.basepath(base);
    SCIMMY.Resources.Group.ingress((resource, instance, ctx) => this.writeGroup(resource, instance, ctx as AuditContext))
      .egress((resource) => this.readGroups(resource))
      .degress((resource, ctx) => refusing(() => this.directory.deleteGroup(resource.id!, ctx as AuditContext)));
    for (const resource of [SCIMMY.Resources.Schema, SCIMMY.Resources.ResourceType, SCIMMY.Resources.ServiceProviderConfig]) resource.basepath(base);
  }

  /** One user, or those the filter picks, chosen by the database (userFilterSql). */
  private async readUsers(resource: UserResource): Promise<UserOut | UserOut[]> {
    if (resource.id) return scimUser(await this.directory.getUser(resource.id));
    const users = await this.directory.listUsers(resource.filter ? userFilterSql(resource.filter) : undefined);
    return users.map(scimUser);
  }

  private writeUser(resource: UserResource, instance: SCIMMY.Schemas.User, audit: AuditContext): Promise<UserOut> {
    return refusing(async () => {
      const input = userInput(instance);
      return scimUser(resource.id ? await this.directory.updateUser(resource.id, input, audit) : await this.directory.createUser(input, audit));
    });
  }

  private async readGroups(resource: GroupResource): Promise<GroupOut | GroupOut[]> {
    if (resource.id) return scimGroup(await this.directory.getGroup(resource.id));
    // Groups are few (the provider's groups that matter here): filtered as scimmy reads them.
    const all = (await this.directory.listGroups()).map(scimGroup);
    return resource.filter ? (resource.filter.match(all) as GroupOut[]) : all;
  }

  private writeGroup(resource: GroupResource, instance: SCIMMY.Schemas.Group, audit: AuditContext): Promise<GroupOut> {
    return refusing(async () => {
      const memberIds = (instance.members ?? []).map((member) => String(member.value).toLowerCase());
      if (memberIds.some((id) => !UUID.test(id))) throw new SCIMMY.Types.Error(400, 'invalidValue', 'Group members must be the ids of provisioned users');
      const input = { displayName: instance.displayName, externalId: instance.externalId ?? null, memberIds: [...new Set(memberIds)] };
      return scimGroup(await this.directory.saveGroup(resource.id ?? null, input, audit));
    });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The account's address: userName when it is one (Okta, Entra's UPN), else the primary email. */
function userInput(instance: SCIMMY.Schemas.User): DirectoryUserInput {
  const primary = instance.emails?.find((email) => email.primary) ?? instance.emails?.[0];
  const email = [instance.userName, primary?.value].find((value) => typeof value === 'string' && SINGLE_ADDRESS.test(value));
  if (!email) throw new SCIMMY.Types.Error(400, 'invalidValue', 'userName or a primary email must be an email address');
  const parts = [instance.name?.givenName, instance.name?.familyName].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  const name = (instance.displayName ?? instance.name?.formatted ?? (parts.length > 0 ? parts.join(' ') : email.split('@')[0])).trim();
  if (name.length === 0 || name.length > 100) throw new SCIMMY.Types.Error(400, 'invalidValue', 'The name must be 1 to 100 characters');
  if (instance.externalId !== undefined && instance.externalId.length > 256) throw new SCIMMY.Types.Error(400, 'invalidValue', 'externalId is at most 256 characters');
  return { email: email.trim().toLowerCase(), name, externalId: instance.externalId ?? null, active: instance.active ?? true };
}

function scimUser(user: DirectoryUser): UserOut {
  const out = {
    id: user.id,
    userName: user.email,
    ...(user.externalId ? { externalId: user.externalId } : {}),
    name: { formatted: user.name },
    displayName: user.name,
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.active,
    meta: { created: user.createdAt, lastModified: user.createdAt },
  };
  return out;
}

function scimGroup(group: DirectoryGroup): GroupOut {
  const out = {
    id: group.id,
    displayName: group.displayName,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    members: group.memberIds.map((value) => ({ value, type: 'User' })),
    meta: { created: group.createdAt, lastModified: group.updatedAt },
  };
  return out;
}

/** Nest's refusals thrown in a handler, as scimmy errors (scimmy turns any other error into a 404). */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpException) {
      throw new SCIMMY.Types.Error(error.getStatus(), (error as { scimType?: string }).scimType ?? (undefined as unknown as string), error.message);
    }
    throw error;
  }
}
