const AboutPage = () => <h1>AboutPage (being built)</h1>

export default AboutPage
