/**
 * CPU used by the PostgreSQL server on this machine (Linux /proc): its processes' user and system time, plus what
 * the postmaster reaped from backends that ended. For benchmarks that run alone against the database; another
 * client's queries would be counted too. Returns null where /proc is not there.
 */
import fs from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ; 100 on Linux). */
const TICKS_PER_SECOND = 100;

export function postgresCpuMs(): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
    // after the name: state, ppid, ... utime (14th field of the line), stime, cutime, cstime
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
