/** The files chosen for the next message, each with its size and a way to take it out again. */
export function AttachmentList({ files, onRemove }: { files: File[]; onRemove: (file: File) => void }) {
  if (files.length === 0) return null;
  return (
    <ul className="chat-attachments" aria-label="Attachments">
      {files.map((file) => (
        <li key={`${file.name}-${file.size}-${file.lastModified}`}>
          <span className="chat-attachment-name" title={file.name}>
            {file.name}
          </span>
          <span className="muted">{formatSize(file.size)}</span>
          <button type="button" className="link-button" aria-label={`Remove ${file.name}`} onClick={() => onRemove(file)}>
            ✕
          </button>
        </li>
      ))}
    </ul>
  );
}

const UNITS = ['KB', 'MB', 'GB'];

/** 512 B, 12.3 KB, 4.5 MB: one decimal below ten, none above. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size < 10 ? size.toFixed(1) : Math.round(size)} ${UNITS[unit]}`;
}
