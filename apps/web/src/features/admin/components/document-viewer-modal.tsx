import { ExternalLink, FileWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { useLicenceDocument, type LicenceDocument } from '../api/get-document';
import { adminTexts } from '../utils/admin-texts';

interface DocumentViewerModalProps {
  /** The document's admin-only URL; null closes the viewer. */
  url: string | null;
  /** Whose document, for the title: e.g. the company name. */
  subject: string;
  onClose: () => void;
}

/** A blob URL for the document while it is shown, released when it is not. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setObjectUrl(url);
    return () => {
      URL.revokeObjectURL(url);
      setObjectUrl(null);
    };
  }, [blob]);
  return objectUrl;
}

function DocumentView({ document, subject }: { document: LicenceDocument; subject: string }) {
  const objectUrl = useObjectUrl(document.blob);
  if (!objectUrl) return <Spinner />;
  const title = `${subject} 사업자등록증`;
  return (
    <div className="flex flex-col gap-3">
      {document.type === 'application/pdf' ? (
        <iframe
          src={objectUrl}
          title={title}
          className="h-[65dvh] w-full rounded-xl border border-surface-700 bg-white"
        />
      ) : (
        <img
          src={objectUrl}
          alt={title}
          className="mx-auto max-h-[65dvh] w-auto max-w-full rounded-xl border border-surface-700 object-contain"
        />
      )}
      <a
        href={objectUrl}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1.5 self-end text-sm font-semibold text-rose-200 underline underline-offset-4"
      >
        <ExternalLink className="size-4" aria-hidden />새 탭에서 열기
      </a>
    </div>
  );
}

/** Shows a seller's licence (PDF or image) inside the page (seller-admin-side.md §2). */
export function DocumentViewerModal({ url, subject, onClose }: DocumentViewerModalProps) {
  const document = useLicenceDocument(url);
  return (
    <Modal
      isOpen={url !== null}
      onClose={onClose}
      title="사업자등록증"
      description={subject}
      size="large"
    >
      {document.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="사업자등록증을 불러오는 중입니다" />
        </div>
      ) : document.isError ? (
        <ErrorState
          compact
          title={adminTexts.documentLoadFailed}
          description={document.error.message}
          onRetry={() => void document.refetch()}
          isRetrying={document.isFetching}
        />
      ) : (
        <DocumentView document={document.data} subject={subject} />
      )}
    </Modal>
  );
}

/** The '서류 보기' button of a row, or a note when there is no document. */
export function NoDocument() {
  return (
    <span className="inline-flex items-center gap-1 text-xs text-zinc-400">
      <FileWarning className="size-3.5" aria-hidden />
      {adminTexts.noDocument}
    </span>
  );
}
