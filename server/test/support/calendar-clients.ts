import { execFile, spawnSync } from 'node:child_process';
import ICAL from 'ical.js';

/** What a calendar app reads of one VEVENT. */
export interface ParsedEvent {
  uid: string;
  summary: string;
  /** `2027-03-12`; `allDay`: a DATE, not a DATE-TIME. */
  start: string;
  end: string | null;
  allDay: boolean;
  stamp: string;
  description: string;
  url: string | null;
}

export interface ParsedCalendar {
  version: string;
  prodId: string;
  name: string | null;
  events: ParsedEvent[];
}

/**
 * The Python that has Debian's python3-icalendar: the system's, which a Python of the user's own (pyenv, a
 * virtualenv) first in PATH would hide.
 */
function icalendarPython(): string | null {
  return (
    ['/usr/bin/python3', 'python3'].find(
      (python) => spawnSync(python, ['-c', 'import icalendar'], { stdio: 'ignore', timeout: 30_000 }).status === 0,
    ) ?? null
  );
}

/** For `test(name, { skip: ... })`: false, or why the Python parser's test cannot run here. */
export function skipWithoutIcalendar(): false | string {
  return icalendarPython() ? false : 'icalendar is not installed: apt-get install python3-icalendar';
}

const PY_SCRIPT = `
import json, sys, datetime, icalendar
cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
def day(v):
    if v is None: return None
    d = v.dt
    return d.isoformat() if not isinstance(d, datetime.datetime) else d.isoformat()
events = []
for e in cal.walk('VEVENT'):
    start = e.get('DTSTART')
    end = e.get('DTEND')
    events.append({
        'uid': str(e.get('UID')), 'summary': str(e.get('SUMMARY')),
        'start': day(start), 'end': day(end),
        'allDay': not isinstance(start.dt, datetime.datetime),
        'stamp': e.get('DTSTAMP').dt.isoformat(),
        'description': str(e.get('DESCRIPTION', '')), 'url': str(e.get('URL')) if e.get('URL') else None,
    })
print(json.dumps({'version': str(cal.get('VERSION')), 'prodId': str(cal.get('PRODID')),
                  'name': str(cal.get('X-WR-CALNAME')) if cal.get('X-WR-CALNAME') else None, 'events': events}))
`;

/** Python's icalendar (Debian's python3-icalendar) reads the calendar, in a process of its own. */
export function readWithIcalendar(ics: string): Promise<ParsedCalendar> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      icalendarPython() ?? 'python3',
      ['-c', PY_SCRIPT],
      { timeout: 60_000, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`icalendar failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as ParsedCalendar);
      },
    );
    child.stdin!.end(ics);
  });
}

/** Mozilla's ical.js (Thunderbird's parser) reads the calendar. */
export function readWithIcalJs(ics: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const text = (c: ICAL.Component, name: string) => {
    const v = c.getFirstPropertyValue(name);
    return v === null || v === undefined ? null : String(v);
  };
  return {
    version: text(calendar, 'version') ?? '',
    prodId: text(calendar, 'prodid') ?? '',
    name: text(calendar, 'x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toString(),
        end: event.endDate ? event.endDate.toString() : null,
        allDay: event.startDate.isDate,
        stamp: (vevent.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString(),
        description: event.description,
        url: text(vevent, 'url'),
      };
    }),
  };
}
