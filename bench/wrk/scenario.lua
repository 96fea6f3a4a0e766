-- One load scenario of the benchmark, for wrk 4 (https://github.com/wg/wrk). bench/lib/wrk.ts
-- runs it with the URL of the route and configures it through the environment:
--
--   BENCH_WRK_TOKEN          the API token, sent as SERVICE_API_TOKEN
--   BENCH_WRK_METHOD         GET or POST
--   BENCH_WRK_BODIES         a file of JSON request bodies, one per line; empty: no body
--   BENCH_WRK_PATHS          a file of request paths, one per line; empty: the URL's path
--   BENCH_WRK_BATCH          > 0: every request is a JSON array of that many bodies
--   BENCH_WRK_UNIQUE_PREFIX  prefix of the unique numbers that replace {{n}} in the bodies
--   BENCH_WRK_EXPECT         the status every answer should have (e.g. 302); empty: any 2xx
--
-- Every request (every element of a batch) takes one of the bodies (and of the paths) at random; each {{n}} in it
-- becomes <prefix><thread>-<counter>, unique within the wrk run (wrk.ts gives each run its own
-- prefix). Answers other than 2xx (or than BENCH_WRK_EXPECT) are counted, and the first one is kept. done() prints one line,
-- BENCH-WRK-RESULT {json}, which wrk.ts reads: latencies in microseconds, as wrk measures them.

wrk.method = os.getenv("BENCH_WRK_METHOD") or "GET"
wrk.headers["SERVICE_API_TOKEN"] = os.getenv("BENCH_WRK_TOKEN")
wrk.headers["Accept"] = "application/json"

local bodies_file = os.getenv("BENCH_WRK_BODIES") or ""
local paths_file = os.getenv("BENCH_WRK_PATHS") or ""
local batch = tonumber(os.getenv("BENCH_WRK_BATCH") or "") or 0
local unique_prefix = os.getenv("BENCH_WRK_UNIQUE_PREFIX") or ""
local expect_status = tonumber(os.getenv("BENCH_WRK_EXPECT") or "")

-- In wrk's main Lua state: the threads, so that done() can read their counters.
local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
  thread:set("id", #threads)
end

-- In each thread's Lua state (id is set by setup before init runs).
non2xx = 0
first_error = nil
local counter = 0

function init(args)
  math.randomseed(os.time() * 1000 + id)
end

local function read_lines(file)
  local lines = {}
  for line in io.lines(file) do
    if line ~= "" then
      lines[#lines + 1] = line
    end
  end
  assert(#lines > 0, "no lines in " .. file)
  return lines
end

if paths_file ~= "" then
  local paths = read_lines(paths_file)
  function request()
    return wrk.format(nil, paths[math.random(#paths)])
  end
end

if bodies_file ~= "" then
  wrk.headers["Content-Type"] = "application/json"
  local bodies = read_lines(bodies_file)

  local function body()
    counter = counter + 1
    local unique = unique_prefix .. id .. "-" .. counter
    return (bodies[math.random(#bodies)]:gsub("{{n}}", unique))
  end

  function request()
    if batch > 0 then
      local items = {}
      for i = 1, batch do
        items[i] = body()
      end
      return wrk.format(nil, nil, nil, "[" .. table.concat(items, ",") .. "]")
    end
    return wrk.format(nil, nil, nil, body())
  end
end

function response(status, headers, body)
  local expected
  if expect_status then
    expected = status == expect_status
  else
    expected = status >= 200 and status <= 299
  end
  if not expected then
    non2xx = non2xx + 1
    if first_error == nil then
      first_error = status .. " " .. body:sub(1, 300)
    end
  end
end

local function json_string(s)
  if s == nil then
    return "null"
  end
  local escaped = s:gsub('[%c"\\]', function(c)
    return string.format("\\u%04x", c:byte())
  end)
  return '"' .. escaped .. '"'
end

function done(summary, latency, requests)
  local failed, first = 0, nil
  for _, thread in ipairs(threads) do
    failed = failed + (thread:get("non2xx") or 0)
    first = first or thread:get("first_error")
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH-WRK-RESULT {"requests":%d,"durationUs":%d,"bytes":%d,"non2xx":%d,'
      .. '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},'
      .. '"latencyUs":{"p50":%d,"p95":%d,"p99":%d,"mean":%.1f,"max":%d},"firstError":%s}\n',
    summary.requests, summary.duration, summary.bytes, failed,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.mean, latency.max,
    json_string(first)))
end
