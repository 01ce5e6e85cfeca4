// Reads an SGF file with Sabaki's parser (@sabaki/sgf) and prints what Sabaki sees of its
// main line: the root properties the test compares, then one line per move.
// Usage: node read.js FILE
const fs = require('fs')
const sgf = require('@sabaki/sgf')

const trees = sgf.parse(fs.readFileSync(process.argv[2], 'utf8'))
if (trees.length !== 1) throw new Error(`expected one game tree, got ${trees.length}`)
let node = trees[0]
const root = node.data
for (const id of ['CA', 'SZ', 'KM', 'HA', 'PB', 'PW', 'EV', 'RE']) {
  if (root[id] != null) console.log(`${id} ${root[id].join('|')}`)
}
for (const id of ['AB', 'AW']) {
  if (root[id] != null) console.log(`${id} ${root[id].slice().sort().join(' ')}`)
}
let comments = 0
let notes = 0
while (node != null) {
  const d = node.data
  if (d.B != null) console.log(`B ${d.B[0]}`)
  if (d.W != null) console.log(`W ${d.W[0]}`)
  if (d.C != null) comments++
  if (d.WQREF != null) notes += d.WQREF.length
  node = node.children[0]
}
console.log(`comments ${comments}`)
console.log(`notes ${notes}`)
