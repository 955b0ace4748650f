/**
 * Streams records from CSV, CSV.gz or NDJSON files (by extension, or gzip magic bytes), reporting bytes read
 * for progress. CSV needs a header row; NDJSON is one JSON object per line.
 */
import fs from 'node:fs'
import { createGunzip } from 'node:zlib'
import readline from 'node:readline'
import { parse } from 'csv-parse'

export interface RecordSource { records: AsyncIterable<{ line: number; record: Record<string, string> | null; error?: string }>; totalBytes: number; bytesRead: () => number }

function isGzip (file: string): boolean {
  const fd = fs.openSync(file, 'r')
  try { const b = Buffer.alloc(2); fs.readSync(fd, b, 0, 2, 0); return b[0] === 0x1f && b[1] === 0x8b } finally { fs.closeSync(fd) }
}

export function openRecords (file: string): RecordSource {
  const totalBytes = fs.statSync(file).size
  const raw = fs.createReadStream(file)
  let read = 0
  raw.on('data', (chunk) => { read += chunk.length })
  const input = isGzip(file) ? raw.pipe(createGunzip()) : raw
  const ndjson = /\.(ndjson|jsonl)(\.gz)?$/i.test(file)
  async function * csvRecords () {
    const parser = input.pipe(parse({ columns: (h: string[]) => h.map((c) => c.trim()), bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, info: true, max_record_size: 1 << 20 }))
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield { line: info.lines, record }
    }
  }
  async function * ndjsonRecords () {
    const rl = readline.createInterface({ input, crlfDelay: Infinity })
    let line = 0
    for await (const text of rl) {
      line++
      if (!text.trim()) continue
      try {
        const obj = JSON.parse(text)
        if (!obj || typeof obj !== 'object' || Array.isArray(obj)) { yield { line, record: null, error: 'not a JSON object' }; continue }
        const rec: Record<string, string> = {}
        for (const [k, v] of Object.entries(obj)) rec[k] = v === null || v === undefined ? '' : String(v)
        yield { line, record: rec }
      } catch { yield { line, record: null, error: 'invalid JSON' } }
    }
  }
  return { records: ndjson ? ndjsonRecords() : csvRecords(), totalBytes, bytesRead: () => read }
}
