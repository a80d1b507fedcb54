import { SetMetadata } from '@nestjs/common';

export const OPEN_STREAM = 'openStream';

/**
 * Marks a route whose response stays open while something streams (a reply, a run's events): it
 * takes a slot of the caller's open streams (OpenStreamGuard), and ends when their access does.
 */
export const OpenStream = () => SetMetadata(OPEN_STREAM, true);
