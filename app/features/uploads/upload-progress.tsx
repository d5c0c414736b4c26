import { formatFileSize } from "~/lib/format/file-size";
import { Button } from "~/ui/button";
import { useUploadProgress } from "./use-upload-progress";

/**
 * The course form's upload while it is sent: a bar with the percentage and the bytes, and a
 * button that cancels it. Once everything is sent: that the course is being saved.
 */
export function UploadProgress() {
  const upload = useUploadProgress();
  if (upload.phase === "idle") return null;
  if (upload.phase === "saving") {
    return (
      <p role="status" className="basis-full text-sm text-slate-700 dark:text-slate-300">
        Upload complete. Saving the course...
      </p>
    );
  }
  const percent = upload.total ? Math.floor((upload.loaded / upload.total) * 100) : 0;
  return (
    <div className="grid basis-full gap-1.5" data-upload-progress>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span id="upload-progress-label" className="font-medium">
          Uploading files: {percent}%
        </span>
        <span className="text-slate-600 dark:text-slate-400">
          {formatFileSize(upload.loaded)} of {formatFileSize(upload.total)}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <progress
          aria-labelledby="upload-progress-label"
          max={100}
          value={percent}
          className="h-2 flex-1 overflow-hidden rounded-full accent-brand-700"
        />
        <Button type="button" variant="outline" size="sm" onClick={upload.cancel}>
          Cancel upload
        </Button>
      </div>
    </div>
  );
}
