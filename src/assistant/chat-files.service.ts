import { BadRequestException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DownloadError, type Experimental_DownloadFunction as DownloadFunction, type FileUIPart, type UIMessage } from 'ai';
import type { AppConfig } from '../config/configuration.js';
import type { AttachmentLimits } from '../config/llm.config.js';
import { parseStorageKey, StorageService } from '../storage/storage.service.js';
import {
  ATTACHMENT_TYPES_SENTENCE,
  contentProblem,
  decodeText,
  isAttachmentMediaType,
  isTextMediaType,
  normalizeMediaType,
  parseDataUrl,
} from './attachment-content.js';
import { type MessageField, MessageFieldException } from './client-messages.js';
import type { Attachment } from './tools/asset-tool.js';

const NOT_A_FILE_WE_TAKE = "files are accepted as data: URLs or as links to this service's stored files of your team";
const NOT_OURS = 'no file of your team is stored at this link';

/**
 * Files in chat messages. The service never fetches a URL a client gave: a file part is a `data:`
 * URL, or a link to a file this service stored for the team, which is read from storage through
 * StorageService. Everything else is refused before it is stored (`check`), left out of what a
 * model sees (`forModel`), and refused by the model call's download hook (`download`).
 */
@Injectable()
export class ChatFilesService {
  private readonly limits: AttachmentLimits;

  constructor(
    private readonly storage: StorageService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.limits = config.get('llm', { infer: true }).attachments;
  }

  /**
   * Checks the files of the user messages about to be stored (files of messages stored earlier
   * were checked then): media type on the allow-list, content of that type, within the size cap
   * per file and, together, per request. Throws a 400 naming the field.
   */
  async check(teamId: string, messages: UIMessage[], isNew: (message: UIMessage) => boolean): Promise<void> {
    let total = 0;
    for (const [index, message] of messages.entries()) {
      if (message.role !== 'user' || !isNew(message)) continue;
      for (const [partIndex, part] of message.parts.entries()) {
        if (part.type === 'file') total += await this.checkFile(teamId, part, (field) => ({ message: index, part: partIndex, field }));
      }
    }
    if (total > this.limits.maxRequestBytes) {
      throw new BadRequestException(`messages: the new messages' files add up to ${total} bytes; at most ${this.limits.maxRequestBytes} are accepted per request`);
    }
  }

  /** The message's files as the tools read them: decoded, or read from storage. */
  async attachmentsOf(teamId: string, message: UIMessage | undefined): Promise<Attachment[]> {
    const files = (message?.parts ?? []).filter((part): part is FileUIPart => part.type === 'file');
    const read = await Promise.all(files.map((part) => this.read(teamId, part)));
    return read.filter((file): file is Attachment => file !== null);
  }

  /**
   * The history as a model is shown it: text files become text after the message's own text (so
   * its first line stays the request), other files stay as they are, and a file the service would
   * have to fetch (stored before these checks) is left out.
   */
  forModel(teamId: string, history: UIMessage[]): UIMessage[] {
    return history.map((message) => {
      if (message.role !== 'user' || !message.parts.some((part) => part.type === 'file')) return message;
      const attachedTexts: UIMessage['parts'] = [];
      const parts = message.parts.flatMap((part): UIMessage['parts'] => {
        if (part.type !== 'file') return [part];
        const mediaType = normalizeMediaType(part.mediaType);
        if (!isAttachmentMediaType(mediaType)) return [];
        const inline = parseDataUrl(part.url);
        if (isTextMediaType(mediaType)) {
          if (inline) attachedTexts.push({ type: 'text', text: `\n\nAttached file ${JSON.stringify(part.filename ?? 'untitled')} (${mediaType}):\n${decodeText(inline.data)}` });
          return [];
        }
        return inline || this.ownStorageKey(teamId, part.url) ? [{ ...part, mediaType }] : [];
      });
      return { ...message, parts: [...parts, ...attachedTexts] };
    });
  }

  /**
   * The model call's download hook (the AI SDK would otherwise fetch URLs in a prompt, or pass
   * them to the provider to fetch): links to the team's stored files are read from storage;
   * anything else is refused.
   */
  download(teamId: string): DownloadFunction {
    return (requests) =>
      Promise.all(
        requests.map(async ({ url }) => {
          const key = this.ownStorageKey(teamId, url.href);
          const file = key ? await this.storage.get(key) : null;
          if (!file) throw new DownloadError({ url: url.href, message: 'URLs in prompts are never downloaded' });
          return { data: file.data, mediaType: file.mediaType };
        }),
      );
  }

  /** The file's size in bytes, once it passed every check. */
  private async checkFile(teamId: string, part: FileUIPart, field: (name: 'mediaType' | 'url') => MessageField): Promise<number> {
    const mediaType = normalizeMediaType(part.mediaType);
    if (!isAttachmentMediaType(mediaType)) fail(field('mediaType'), `"${part.mediaType}" is not accepted; attach ${ATTACHMENT_TYPES_SENTENCE}`);
    let data: Uint8Array;
    if (part.url.startsWith('data:')) {
      const inline = parseDataUrl(part.url);
      if (!inline) fail(field('url'), 'not a base64 data URL');
      if (inline.mediaType !== mediaType) fail(field('url'), `the data URL's media type (${inline.mediaType}) is not mediaType (${mediaType})`);
      data = inline.data;
    } else {
      const link = this.storageLink(part.url);
      if (!link) fail(field('url'), NOT_A_FILE_WE_TAKE);
      const stored = link.teamId === teamId.toLowerCase() ? await this.storage.get(link.key) : null;
      if (!stored) fail(field('url'), NOT_OURS);
      if (stored.mediaType !== mediaType) fail(field('url'), `the stored file is ${stored.mediaType}, not ${mediaType}`);
      data = stored.data;
    }
    if (data.length > this.limits.maxFileBytes) fail(field('url'), `the file is ${data.length} bytes; at most ${this.limits.maxFileBytes} are accepted per file`);
    const problem = contentProblem(mediaType, data);
    if (problem) fail(field('url'), problem);
    return data.length;
  }

  private async read(teamId: string, part: FileUIPart): Promise<Attachment | null> {
    const mediaType = normalizeMediaType(part.mediaType);
    if (!isAttachmentMediaType(mediaType)) return null;
    const inline = parseDataUrl(part.url);
    if (inline) return { mediaType, filename: part.filename, data: inline.data };
    const key = this.ownStorageKey(teamId, part.url);
    const stored = key ? await this.storage.get(key) : null;
    return stored ? { mediaType: stored.mediaType, filename: part.filename, data: stored.data } : null;
  }

  private ownStorageKey(teamId: string, url: string): string | null {
    const link = this.storageLink(url);
    return link?.teamId === teamId.toLowerCase() ? link.key : null;
  }

  /** The key and team of a link this service's storage gave out (whether or not the file exists); null for any other URL. */
  private storageLink(url: string): { key: string; teamId: string } | null {
    const start = Math.max(url.lastIndexOf('/images/'), url.lastIndexOf('/files/'));
    if (start < 0) return null;
    const key = url.slice(start + 1);
    const parsed = parseStorageKey(key);
    return parsed && sameUrl(this.storage.urlFor(key), url) ? { key, teamId: parsed.teamId } : null;
  }
}

function sameUrl(a: string, b: string): boolean {
  return URL.canParse(a) && URL.canParse(b) && new URL(a).href === new URL(b).href;
}

function fail(at: MessageField, problem: string): never {
  throw new MessageFieldException(at, problem);
}
