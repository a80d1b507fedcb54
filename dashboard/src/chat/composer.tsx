import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { AttachmentList } from './attachment-list';

interface ComposerProps {
  busy: boolean;
  onSend: (text: string, files: File[]) => void;
  onStop: () => void;
  /** Shown above the text box: the last error, in view whenever the composer is. */
  notice: ReactNode;
  /** The agent and model pickers. */
  options: ReactNode;
}

/** The message box: Enter sends, Shift+Enter starts a new line; chosen files are listed until sent. */
export function Composer({ busy, onSend, onStop, notice, options }: ComposerProps) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const textArea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => textArea.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || (!text.trim() && files.length === 0)) return;
    onSend(text.trim() || 'Please read the attached file.', files);
    setText('');
    setFiles([]);
  }

  return (
    <form className="chat-composer" onSubmit={submit}>
      {notice}
      <label className="visually-hidden" htmlFor="composer-text">
        Message
      </label>
      <textarea
        id="composer-text"
        ref={textArea}
        value={text}
        rows={3}
        placeholder="Message the assistant…"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
        }}
      />
      <AttachmentList files={files} onRemove={(removed) => setFiles((chosen) => chosen.filter((file) => file !== removed))} />
      <div className="chat-composer-bar">
        {options}
        <div className="chat-composer-actions">
          <label className="chat-attach">
            Attach
            <input
              type="file"
              className="visually-hidden"
              multiple
              accept="application/pdf,text/plain,image/*"
              onChange={(event) => {
                const chosen = Array.from(event.target.files ?? []);
                setFiles((earlier) => [...earlier, ...chosen]);
                // Emptied, so the same file can be chosen again after being removed.
                event.target.value = '';
              }}
            />
          </label>
          {busy ? (
            <button type="button" onClick={onStop}>
              Stop
            </button>
          ) : (
            <button type="submit">Send</button>
          )}
        </div>
      </div>
    </form>
  );
}
