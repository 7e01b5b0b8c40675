import Testing
import Highlight

/// Golden output for realistic Ruby, and for the Podfile, Fastfile and Gemfile an app's repository keeps.
@Suite struct RubyGoldenTests {
    @Test func classWithInterpolationAndHereDocument() {
        let input = ##"""
        # frozen_string_literal: true
        require "json"

        =begin
        A block comment.
        =end
        module Blog
          class Post < Base
            attr_reader :title, :tags
            VERSION = "1.0"

            def initialize(title:, tags: [])
              @title = title
              @tags = tags.map(&:downcase)
              @@count += 1
            end

            def self.load(path)
              data = JSON.parse(File.read(path), symbolize_names: true)
              new(title: data[:title], tags: %w[swift ios])
            end

            def summary?
              return nil if @tags.empty?
              "#{@title} (#{@tags.size} tags)\n" + 'it\'s \d' + $stdout.to_s
            end

            def matches?(word) = title =~ /^#{word}\s+/i
          end
        end

        html = <<~HTML
          <h1>#{post.title}</h1>
          <p>Price: 1_000.50</p>
        HTML
        puts html, 0x1F, 1.5e3, :"quoted sym"
        """##
        let expected = ##"""
        <span class="com"># frozen_string_literal: true</span>
        <span class="fn">require</span> <span class="str">&quot;json&quot;</span>

        <span class="com">=begin</span>
        <span class="com">A block comment.</span>
        <span class="com">=end</span>
        <span class="kw">module</span> <span class="ty">Blog</span>
          <span class="kw">class</span> <span class="ty">Post</span> <span class="op">&lt;</span> <span class="ty">Base</span>
            <span class="fn">attr_reader</span> <span class="lit">:title</span>, <span class="lit">:tags</span>
            VERSION <span class="op">=</span> <span class="str">&quot;1.0&quot;</span>

            <span class="kw">def</span> <span class="fn">initialize</span>(<span class="lit">title:</span>, <span class="lit">tags:</span> [])
              <span class="var">@title</span> <span class="op">=</span> title
              <span class="var">@tags</span> <span class="op">=</span> tags.<span class="fn">map</span>(<span class="op">&amp;</span><span class="lit">:downcase</span>)
              <span class="var">@@count</span> <span class="op">+=</span> <span class="num">1</span>
            <span class="kw">end</span>

            <span class="kw">def</span> <span class="kw">self</span>.<span class="fn">load</span>(path)
              data <span class="op">=</span> JSON.<span class="fn">parse</span>(<span class="ty">File</span>.<span class="fn">read</span>(path), <span class="lit">symbolize_names:</span> <span class="lit">true</span>)
              <span class="fn">new</span>(<span class="lit">title:</span> data[<span class="lit">:title</span>], <span class="lit">tags:</span> <span class="str">%w[swift ios]</span>)
            <span class="kw">end</span>

            <span class="kw">def</span> <span class="fn">summary?</span>
              <span class="kw">return</span> <span class="lit">nil</span> <span class="kw">if</span> <span class="var">@tags</span>.<span class="prop">empty?</span>
              <span class="str">&quot;</span><span class="esc">#{</span><span class="var">@title</span><span class="esc">}</span><span class="str"> (</span><span class="esc">#{</span><span class="var">@tags</span>.<span class="prop">size</span><span class="esc">}</span><span class="str"> tags)</span><span class="esc">\n</span><span class="str">&quot;</span> <span class="op">+</span> <span class="str">'it</span><span class="esc">\'</span><span class="str">s \d'</span> <span class="op">+</span> <span class="var">$stdout</span>.<span class="prop">to_s</span>
            <span class="kw">end</span>

            <span class="kw">def</span> <span class="fn">matches?</span>(word) <span class="op">=</span> title <span class="op">=~</span> <span class="re">/^#{word}\s+/i</span>
          <span class="kw">end</span>
        <span class="kw">end</span>

        html <span class="op">=</span> <span class="op">&lt;&lt;~</span><span class="str">HTML</span>
        <span class="str">  &lt;h1&gt;</span><span class="esc">#{</span>post.<span class="prop">title</span><span class="esc">}</span><span class="str">&lt;/h1&gt;</span>
        <span class="str">  &lt;p&gt;Price: 1_000.50&lt;/p&gt;</span>
        <span class="str">HTML</span>
        <span class="fn">puts</span> html, <span class="num">0x1F</span>, <span class="num">1.5e3</span>, <span class="lit">:</span><span class="str">&quot;quoted sym&quot;</span>
        """##
        #expect(Highlighter.highlight(input, language: .ruby) == expected)
    }

    @Test func podfile() {
        let input = ##"""
        platform :ios, '15.0'
        use_frameworks!

        target 'Blog' do
          pod 'Alamofire', '~> 5.8'
          pod 'SnapKit', :git => 'https://github.com/SnapKit/SnapKit.git'

          target 'BlogTests' do
            inherit! :search_paths
          end
        end

        post_install do |installer|
          installer.pods_project.targets.each do |t|
            t.build_configurations.each { |c| c.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '15.0' }
          end
        end
        """##
        let expected = ##"""
        <span class="fn">platform</span> <span class="lit">:ios</span>, <span class="str">'15.0'</span>
        <span class="fn">use_frameworks!</span>

        <span class="fn">target</span> <span class="str">'Blog'</span> <span class="kw">do</span>
          <span class="fn">pod</span> <span class="str">'Alamofire'</span>, <span class="str">'~&gt; 5.8'</span>
          <span class="fn">pod</span> <span class="str">'SnapKit'</span>, <span class="lit">:git</span> <span class="op">=&gt;</span> <span class="str">'https://github.com/SnapKit/SnapKit.git'</span>

          <span class="fn">target</span> <span class="str">'BlogTests'</span> <span class="kw">do</span>
            <span class="fn">inherit!</span> <span class="lit">:search_paths</span>
          <span class="kw">end</span>
        <span class="kw">end</span>

        <span class="fn">post_install</span> <span class="kw">do</span> <span class="op">|</span>installer<span class="op">|</span>
          installer.<span class="prop">pods_project</span>.<span class="prop">targets</span>.<span class="prop">each</span> <span class="kw">do</span> <span class="op">|</span>t<span class="op">|</span>
            t.<span class="prop">build_configurations</span>.<span class="prop">each</span> { <span class="op">|</span>c<span class="op">|</span> c.<span class="prop">build_settings</span>[<span class="str">'IPHONEOS_DEPLOYMENT_TARGET'</span>] <span class="op">=</span> <span class="str">'15.0'</span> }
          <span class="kw">end</span>
        <span class="kw">end</span>
        """##
        #expect(Highlighter.highlight(input, language: .ruby) == expected)
    }

    @Test func fastfile() {
        let input = ##"""
        default_platform(:ios)

        platform :ios do
          desc "Push a new beta build to TestFlight"
          lane :beta do |options|
            increment_build_number(xcodeproj: "Blog.xcodeproj")
            build_app(scheme: "Blog", export_method: options[:method] || "app-store")
            upload_to_testflight(skip_waiting_for_build_processing: true)
            slack(message: "Build #{lane_context[SharedValues::BUILD_NUMBER]} is up") if ENV["SLACK_URL"]
          end
        end
        """##
        let expected = ##"""
        <span class="fn">default_platform</span>(<span class="lit">:ios</span>)

        <span class="fn">platform</span> <span class="lit">:ios</span> <span class="kw">do</span>
          <span class="fn">desc</span> <span class="str">&quot;Push a new beta build to TestFlight&quot;</span>
          <span class="fn">lane</span> <span class="lit">:beta</span> <span class="kw">do</span> <span class="op">|</span>options<span class="op">|</span>
            <span class="fn">increment_build_number</span>(<span class="lit">xcodeproj:</span> <span class="str">&quot;Blog.xcodeproj&quot;</span>)
            <span class="fn">build_app</span>(<span class="lit">scheme:</span> <span class="str">&quot;Blog&quot;</span>, <span class="lit">export_method:</span> options[<span class="lit">:method</span>] <span class="op">||</span> <span class="str">&quot;app-store&quot;</span>)
            <span class="fn">upload_to_testflight</span>(<span class="lit">skip_waiting_for_build_processing:</span> <span class="lit">true</span>)
            <span class="fn">slack</span>(<span class="lit">message:</span> <span class="str">&quot;Build </span><span class="esc">#{</span>lane_context[<span class="ty">SharedValues</span>::<span class="ty">BUILD_NUMBER</span>]<span class="esc">}</span><span class="str"> is up&quot;</span>) <span class="kw">if</span> ENV[<span class="str">&quot;SLACK_URL&quot;</span>]
          <span class="kw">end</span>
        <span class="kw">end</span>
        """##
        #expect(Highlighter.highlight(input, language: .ruby) == expected)
    }

    @Test func gemfile() {
        let input = ##"""
        source "https://rubygems.org"
        ruby "3.3.0"

        gem "fastlane", "~> 2.220"
        gem "cocoapods", require: false

        group :development do
          gem "rubocop"
        end
        """##
        let expected = ##"""
        <span class="fn">source</span> <span class="str">&quot;https://rubygems.org&quot;</span>
        <span class="fn">ruby</span> <span class="str">&quot;3.3.0&quot;</span>

        <span class="fn">gem</span> <span class="str">&quot;fastlane&quot;</span>, <span class="str">&quot;~&gt; 2.220&quot;</span>
        <span class="fn">gem</span> <span class="str">&quot;cocoapods&quot;</span>, <span class="lit">require:</span> <span class="lit">false</span>

        <span class="fn">group</span> <span class="lit">:development</span> <span class="kw">do</span>
          <span class="fn">gem</span> <span class="str">&quot;rubocop&quot;</span>
        <span class="kw">end</span>
        """##
        #expect(Highlighter.highlight(input, language: .ruby) == expected)
    }

    @Test func singleQuotedHereDocumentIsNotInterpolated() {
        let input = ##"""
        sql = <<-'SQL'.strip
          SELECT * FROM posts WHERE title = '#{x}'
          SQL
        done = true
        """##
        let expected = ##"""
        sql <span class="op">=</span> <span class="op">&lt;&lt;-</span><span class="str">'SQL'</span>.<span class="prop">strip</span>
        <span class="str">  SELECT * FROM posts WHERE title = '#{x}'</span>
          <span class="str">SQL</span>
        done <span class="op">=</span> <span class="lit">true</span>
        """##
        #expect(Highlighter.highlight(input, language: .ruby) == expected)
    }
}
