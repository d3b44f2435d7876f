import { ExternalLink, FileWarning } from 'lucide-react';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { useLicenceDocument, type LicenceDocument } from '../api/get-document';
import { adminTexts } from '../utils/admin-texts';
import { ZoomableDocument } from './zoomable-document';

interface DocumentViewerModalProps {
  /** The document's admin-only URL; null closes the viewer. */
  url: string | null;
  /** Whose document, for the title: e.g. the company name. */
  subject: string;
  onClose: () => void;
}

function DocumentView({ document, subject }: { document: LicenceDocument; subject: string }) {
  const title = `${subject} 사업자등록증`;
  return (
    <div className="flex flex-col gap-3">
      <ZoomableDocument url={document.url} type={document.type} title={title} />
      <a
        href={document.url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1.5 self-end text-sm font-semibold text-rose-200 underline underline-offset-4"
      >
        <ExternalLink className="size-4" aria-hidden />새 탭에서 열기
      </a>
    </div>
  );
}

/**
 * Shows a seller's licence (PDF or image) inside the page (seller-admin-side.md §2), zoomable;
 * on close the focus returns to the button that opened it (the Modal does that).
 */
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

/** What a row shows instead of the '서류 보기' button when there is no document. */
export function NoDocument() {
  return (
    <span className="inline-flex items-center gap-1 text-xs text-zinc-400">
      <FileWarning className="size-3.5" aria-hidden />
      {adminTexts.noDocument}
    </span>
  );
}
