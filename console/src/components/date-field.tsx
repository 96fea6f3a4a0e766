import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';

function parse(value: string | undefined): CalendarDate | null {
  try {
    return value ? parseDate(value) : null;
  } catch {
    return null;
  }
}

/**
 * A date (YYYY-MM-DD in the URL and to the API), typed in the reader's locale or picked from a
 * calendar.
 */
export function DateField(props: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => unknown;
}) {
  return (
    <DatePicker
      value={parse(props.value)}
      onChange={(date) => props.onChange(date ? date.toString() : undefined)}
      granularity="day"
    >
      <Label>{props.label}</Label>
      <Group className="date-group">
        <DateInput className="date-input">
          {(segment) => <DateSegment segment={segment} />}
        </DateInput>
        <Button aria-label={`Choose the ${props.label.toLowerCase()} date`}>▾</Button>
      </Group>
      <Popover>
        <Dialog className="calendar-dialog">
          <Calendar>
            <header>
              <Button slot="previous" aria-label="Previous month">
                ‹
              </Button>
              <Heading />
              <Button slot="next" aria-label="Next month">
                ›
              </Button>
            </header>
            <CalendarGrid>{(date) => <CalendarCell date={date} />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
