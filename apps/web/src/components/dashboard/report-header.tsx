import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useErrorText } from '../../lib/server-error';
import { ScreenHeading } from './screen-heading';

/** A report's CSV: how to fetch it (answers the file's name) and what to say after. */
export interface ReportCsv {
  label: string;
  testId: string;
  fetch: () => Promise<string>;
  done: (name: string) => string;
  failed: string;
}

/**
 * The head of a report of a day or a month (the cash-up, the VAT register): its title, the
 * picker of its period and the CSV download, side by side from 1024 px, stacked below; the
 * download says when it is saved or why it failed.
 */
export function ReportHeader({ title, subtitle, picker, csv }: { title: ReactNode; subtitle: ReactNode; picker: ReactNode; csv: ReportCsv }) {
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const name = await csv.fetch();
      void message.success(csv.done(name), 3);
    } catch (err) {
      void message.error(errorText(err, csv.failed), 5);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
      <ScreenHeading title={title} subtitle={subtitle} />
      <div className="grid grid-cols-2 gap-2 md:flex md:items-center lg:shrink-0">
        {picker}
        <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={() => void download()} data-testid={csv.testId}>
          {csv.label}
        </Button>
      </div>
    </div>
  );
}
