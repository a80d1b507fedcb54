import { type ArgumentMetadata, Injectable, ParseUUIDPipe } from '@nestjs/common';

/**
 * A path UUID, checked as ParseUUIDPipe does, in the form the database returns it (lowercase).
 * PostgreSQL compares UUIDs in any case, but an id taken from the path is also compared with the
 * ids in signed links and used as a key, where 'ABC…' and 'abc…' would be two workflows.
 */
@Injectable()
export class CanonicalUuidPipe extends ParseUUIDPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<string | undefined | null> {
    return (await super.transform(value, metadata))?.toLowerCase();
  }
}
