import { extractText, getDocumentProxy } from 'unpdf';
import { attachmentText, isTextMediaType } from '../attachment-content.js';
import { type Attachment, ToolInputError } from './asset-tool.js';

/** A text file or a PDF: an attachment whose text a tool can read without a model. */
export function isDocument(file: Attachment): boolean {
  return file.mediaType === 'application/pdf' || isTextMediaType(file.mediaType);
}

/** The text of an attached text file or PDF. `what` names the document in messages ("receipt"). */
export async function documentText(file: Attachment, what: string): Promise<string> {
  if (isTextMediaType(file.mediaType)) return attachmentText(file.mediaType, file.data);
  let text: string;
  try {
    // A copy: pdf.js may take ownership of the buffer it is given.
    const pdf = await getDocumentProxy(new Uint8Array(file.data));
    text = (await extractText(pdf, { mergePages: true })).text;
  } catch {
    throw new ToolInputError(`The attached PDF could not be read. Paste the ${what} text instead.`);
  }
  if (!/[\p{L}\p{N}]/u.test(text)) {
    throw new ToolInputError(`The attached PDF has no text layer (it is probably a scan). Paste the ${what} text instead.`);
  }
  return text;
}
