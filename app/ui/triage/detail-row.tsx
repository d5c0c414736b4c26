/** One label and value of a record's details (a message, an application); goes inside a <dl>. */
export function DetailRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The person's address as a detail, a link that starts an e-mail to them. */
export function EmailDetailRow({ email }: { email: string }) {
  return (
    <DetailRow label="Email">
      <a href={`mailto:${email}`} className="text-brand-800 underline dark:text-brand-300">
        {email}
      </a>
    </DetailRow>
  );
}
