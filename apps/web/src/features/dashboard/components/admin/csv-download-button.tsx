import { DownloadButton } from '../../../../components/download-button';
import { downloadBookingsCsv } from '../../admin-csv';

/** "Download CSV": the bookings of the period on screen, fetched with the admin's token. */
export function CsvDownloadButton({ period, block }: { period: { from: string; to: string }; block?: boolean }) {
  return <DownloadButton save={(token) => downloadBookingsCsv(period, token)} namespace="dashboard" testId="csv-download" block={block} />;
}
