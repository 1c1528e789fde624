import Foundation
import RippleCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

removeStagingFoldersOnInterruption()
setDefaultMemoryCeiling()
exit(run(arguments: processArguments(), stdout: StandardStream.output, stderr: StandardStream.error,
         colour: standardOutputTakesColour(environment: ProcessInfo.processInfo.environment)))
