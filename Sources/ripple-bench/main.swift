// `ripple-bench`: Ripple's engine against Swift's Observation runtime on generated workloads.
//
//   ripple-bench                 every item, each in a child process; prints one report
//   ripple-bench --item NAME     one item in this process (what the children run)
//   ripple-bench --emit KIND ROWS [WRITES]   a generated scenario, for `ripple run`
//   ripple-bench --corpus DIR    the Swift front end's speed on a folder of Swift source
//   ripple-bench --profile KIND-ROWS [RUNS]   load once, then the second run RUNS times (for `perf record`)

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--item" {
    guard arguments.count == 2, let item = ItemName(arguments[1]) else {
        FileHandle.standardError.write(Data("ripple-bench: --item takes narrow-ROWS, broad-ROWS, mixed-ROWS or render-ROWS\n".utf8))
        exit(64)
    }
    exit(ItemRunner.run(item))
}

if arguments.first == "--corpus" {
    guard arguments.count == 2 else {
        FileHandle.standardError.write(Data("ripple-bench: --corpus takes a folder of Swift source\n".utf8))
        exit(64)
    }
    exit(ImportBench.corpus(arguments[1]))
}

if arguments.first == "--profile" {
    guard arguments.count >= 2, let item = ItemName(arguments[1]), case .workload(let kind) = item.kind else {
        FileHandle.standardError.write(Data("ripple-bench: --profile takes narrow-ROWS, broad-ROWS or mixed-ROWS and a number of runs\n".utf8))
        exit(64)
    }
    let runs = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 20) : 20
    exit(ItemRunner.profile(kind, rows: item.rows, writes: item.writes, runs: runs))
}

if arguments.first == "--emit" {
    guard arguments.count >= 3, let kind = WorkloadKind(rawValue: arguments[1]), let rows = Int(arguments[2]), rows > 0 else {
        FileHandle.standardError.write(Data("ripple-bench: --emit narrow|broad|mixed ROWS [WRITES]\n".utf8))
        exit(64)
    }
    let writes = arguments.count > 3 ? Int(arguments[3]) ?? Workload.writesPerRun : Workload.writesPerRun
    print(Workload(kind: kind, rows: rows, totalWrites: writes).text, terminator: "")
    exit(0)
}

if arguments.contains("-h") || arguments.contains("--help") {
    print(Options.usage)
    exit(0)
}

let options: Options
do {
    options = try Options(arguments)
} catch let error as UsageError {
    FileHandle.standardError.write(Data("ripple-bench: \(error.message)\n\(Options.usage)\n".utf8))
    exit(64)
}

let bench = Bench(options: options)
bench.run()
print(bench.report(), terminator: "")
