-- Lua twin of map_strings.go.
local n = 200000
local keys = {}
for i = 0, n - 1 do
  keys[i + 1] = "key:" .. tostring(i * 7919 % n)
end
local m, count = {}, 0
for i, k in ipairs(keys) do
  if m[k] == nil then count = count + 1 end
  m[k] = i - 1
end
local sum = 0
for r = 1, 5 do
  for _, k in ipairs(keys) do
    sum = sum + m[k]
  end
end
local miss = 0
for _, k in ipairs(keys) do
  if m[k .. "!"] == nil then miss = miss + 1 end
end
for i = 1, n, 2 do
  m[keys[i]] = nil
  count = count - 1
end
local rest = 0
for _, v in pairs(m) do
  rest = rest + v
end
print(string.format("len %d sum %d miss %d rest %d", count, sum, miss, rest))
