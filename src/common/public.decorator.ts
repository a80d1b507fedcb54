import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Opts a route out of the global authentication guard (login, register, email links, health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
