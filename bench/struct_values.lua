-- Lua twin of struct_values.go (a struct is a table with fields).
local function dot(v, w) return v.X * w.X + v.Y * w.Y + v.Z * w.Z end
local function len2(v) return v.X * v.X + v.Y * v.Y + v.Z * v.Z end
local function manhattan(a, b)
  local d = 0
  if a.X > b.X then d = d + a.X - b.X else d = d + b.X - a.X end
  if a.Y > b.Y then d = d + a.Y - b.Y else d = d + b.Y - a.Y end
  if a.Z > b.Z then d = d + a.Z - b.Z else d = d + b.Z - a.Z end
  return d
end
local n = 200000
local vs = {}
for i = 1, n do vs[i] = {X = 0, Y = 0, Z = 0} end
for round = 0, 4 do
  for i = 0, n - 1 do
    local v = vs[i + 1]
    v.X, v.Y, v.Z = i % 97, (i + round) % 89, i % 83
  end
  local d, l2, dist = 0, 0, 0
  local p = vs[1]
  local prev = {X = p.X, Y = p.Y, Z = p.Z}
  for i = 1, n do
    local v = vs[i]
    d = d + dot(v, prev)
    l2 = l2 + len2(v)
    dist = dist + manhattan(v, prev)
    prev.X, prev.Y, prev.Z = v.X, v.Y, v.Z
  end
  print(string.format("%d %d %d %d", round, d, l2, dist))
end
