// Splits a classifier round (see README.md here).
// node split-classify.mjs SRC DST rNN : adds split field: FNV-1a-32("classifier-rNN/"+id)%100<25 -> tune
import fs from 'node:fs'
const [src, dst, round] = process.argv.slice(2)
const fnv = (s) => { let h = 0x811c9dc5; for (const b of Buffer.from(s, 'utf8')) { h ^= b; h = Math.imul(h, 0x01000193) >>> 0 } return h >>> 0 }
const out = []; let t = 0, h = 0
for (const line of fs.readFileSync(src, 'utf8').split('\n')) {
  if (!line.trim()) continue
  const c = JSON.parse(line)
  c.split = fnv(`classifier-${round}/` + c.id) % 100 < 25 ? 'tune' : 'holdout'
  c.split === 'tune' ? t++ : h++
  out.push(JSON.stringify(c))
}
fs.writeFileSync(dst, out.join('\n') + '\n')
console.log(`tune ${t} holdout ${h}`)
