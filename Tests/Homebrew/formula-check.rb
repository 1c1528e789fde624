# Loads Formula/ripple.rb against a stand-in for Homebrew's formula DSL and prints, as JSON, what it
# declares and what its install step runs on macOS and on Linux; then runs its `test do` block against a
# built ripple. FormulaTests runs it:
#
#   ruby Tests/Homebrew/formula-check.rb Formula/ripple.rb BIN_PATH
require "json"
require "pathname"
require "tmpdir"

formula_path, bin_path = ARGV
abort "usage: ruby formula-check.rb FORMULA BIN_PATH" unless formula_path && bin_path

# The platform the install step is run for.
module OS
  class << self
    attr_accessor :mac

    def mac?
      mac
    end
    def linux?
      !mac
    end
  end
end

# What `bin.install` installs.
class Pathname
  def install(*files)
    Formula.installed.concat(files.map(&:to_s))
  end
end

class Formula
  # What the formula's class body declares, by method: depends_on, head, …
  DECLARED = Hash.new { |hash, name| hash[name] = [] }
  INSTALLED = []

  class << self
    attr_reader :test_block

    def installed
      INSTALLED
    end
    def record(key, value)
      DECLARED[key] << value
    end
    def desc(text)
      record("desc", text)
    end
    def homepage(url)
      record("homepage", url)
    end
    def head(url, **options)
      record("head", [url, options.transform_keys(&:to_s).transform_values(&:to_s)])
    end
    def depends_on(spec)
      record("depends_on", spec.is_a?(Hash) ? spec.map { |k, v| "#{k} => #{v}" }.join : spec.to_s)
    end
    def uses_from_macos(spec)
      record("uses_from_macos", spec.is_a?(Hash) ? spec.map { |k, v| "#{k} => #{v}" }.join : spec.to_s)
    end
    def test(&block)
      @test_block = block
    end
  end

  attr_reader :commands

  def initialize(bin_path = "/prefix/bin")
    @commands = []
    @bin = Pathname(bin_path)
  end

  def bin
    @bin
  end
  def testpath
    @testpath ||= Pathname(Dir.mktmpdir)
  end

  def system(*arguments)
    @commands << { "run" => arguments.map(&:to_s), "env" => ENV.to_h.select { |name, _| name.start_with?("RIPPLE_") } }
  end

  def generate_completions_from_executable(*arguments, **options)
    @commands << { "completions" => arguments.map(&:to_s), "options" => options.transform_keys(&:to_s) }
  end

  # The test block's helpers, as Homebrew has them: commands run in testpath and must succeed.
  def shell_output(command)
    output = Dir.chdir(testpath) { `#{command}` }
    raise "'#{command}' exited #{$?.exitstatus}: #{output}" unless $?.success?
    output
  end

  def assert_match(expected, actual)
    raise "#{actual.inspect} does not match #{expected.inspect}" unless actual.match?(expected)
  end
end

load formula_path
formula_class = Object.const_get(:Ripple)

result = { "declared" => Formula::DECLARED, "install" => {} }
[["macos", true], ["linux", false]].each do |name, mac|
  OS.mac = mac
  ENV.delete("RIPPLE_SWIFT_SYNTAX")
  Formula.installed.clear
  formula = formula_class.new
  formula.install
  result["install"][name] = { "commands" => formula.commands, "installed" => Formula.installed.dup }
end
ENV.delete("RIPPLE_SWIFT_SYNTAX")

tester = formula_class.new(File.expand_path(bin_path))
begin
  tester.instance_eval(&formula_class.test_block)
  result["test"] = "passed"
rescue StandardError => error
  result["test"] = "failed: #{error.message}"
end
puts JSON.pretty_generate(result)
