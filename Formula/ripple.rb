# Homebrew formula for Ripple, built from source (docs/Install.md, "Homebrew"). This repository is its
# own tap: `brew tap OWNER/ripple URL`, then `brew install --HEAD ripple`.
class Ripple < Formula
  desc "Simulates SwiftUI view invalidation: which bodies re-run after a write, and why"
  # The repository's address. HOMEBREW_RIPPLE_SOURCE (Homebrew passes on HOMEBREW_ variables) builds
  # another clone, such as a local checkout: HOMEBREW_RIPPLE_SOURCE=$PWD brew install --HEAD ripple
  SOURCE = ENV.fetch("HOMEBREW_RIPPLE_SOURCE", "https://github.com/OWNER/ripple.git").freeze
  homepage SOURCE.delete_suffix(".git")
  head SOURCE, branch: "main", using: :git

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.0", :build] # Swift 6
  depends_on "graphviz"
  depends_on macos: :sequoia # Package.swift: platforms [.macOS(.v15)]
  uses_from_macos "swift" => :build

  def install
    # The swift-syntax package at the compiler's release, on macOS and on Linux alike: Xcode's toolchain
    # ships no swift-syntax to import, and a Linux binary linked to it statically needs no toolchain.
    ENV["RIPPLE_SWIFT_SYNTAX"] = "package"
    # Homebrew already builds in a sandbox, inside which SwiftPM cannot start its own.
    args = OS.mac? ? ["--disable-sandbox"] : ["--static-swift-stdlib"]
    system "swift", "build", "-c", "release", "--product", "ripple", *args
    bin.install ".build/release/ripple"
    generate_completions_from_executable(bin/"ripple", "completion")
  end

  test do
    (testpath/"counter.ripple").write <<~RIPPLE
      scenario "Counter"
      semantics swift6.2

      @Observable final class Model {
          var count = 0
          var title = "Counter"
      }
      struct Root: View {
          @State private var model = Model()
          var body: some View {
              VStack {
                  Title(model: model)
                  Count(model: model)
              }
          }
      }
      struct Title: View {
          let model: Model
          var body: some View { Text(model.title) }
      }
      struct Count: View {
          let model: Model
          var body: some View { Text("\\(model.count)") }
      }

      step "increment" { model.count += 1 }

      expect "increment" { evaluates Count; wasted nothing }
    RIPPLE
    assert_match "passed counter.ripple: 1 expectation", shell_output("#{bin}/ripple check counter.ripple")
    assert_match(/\Aripple \d+\.\d+\.\d+\n\z/, shell_output("#{bin}/ripple --version"))
  end
end
